/** Debian's Chromium (Playwright cannot download browsers here), or the one CHROMIUM_PATH names. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Flags for every Chromium the project starts. This machine's network is closed: without the
 * background-networking flags Chromium keeps trying to reach Google's hosts.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
