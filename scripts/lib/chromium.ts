import { existsSync } from "node:fs";

/** Debian's Chromium (Playwright cannot download browsers here), or the one CHROMIUM_PATH names. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell, the build Playwright itself prefers for
 * headless runs. Without the full browser's window machinery it does the same pages in about half the
 * CPU (the suite went from 12.7 to 8.8 minutes on two cores). The full browser where it is missing.
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ||
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : chromiumPath);

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
