import { DEFERRED_HYDRATION_ID } from "./page-behaviours";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const START_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * React Router ends a hydrated page with module preloads and an inline module script that starts
 * React. Left as they are, ~100 KB of JavaScript is fetched and run while the page paints. This keeps
 * the script inert (type text/plain, with the preloads listed on it) for the page script to start
 * after the load event (page-behaviours.ts). Its body is unchanged, so the CSP hash still allows it.
 */
export function deferHydration(html: string): string {
  const start = START_SCRIPT.exec(html);
  if (!start) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(
      START_SCRIPT,
      () =>
        `<script type="text/plain" id="${DEFERRED_HYDRATION_ID}" data-preload="${preloads.join(" ")}">${start[1]}</script>`,
    );
}
