import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";
import type { Plugin } from "vite";

const ID = "virtual:web-vitals-script";
const ENTRY = fileURLToPath(
  new URL("../../app/features/analytics/vitals/vitals-beacon.client.ts", import.meta.url),
);

/**
 * `virtual:web-vitals-script`: the public pages' Web Vitals script (decision 048), bundled with the
 * parts of web-vitals it uses into one small file, and the address it is served at, named by its
 * content so browsers keep it for good. The server serves `source` at `url`; the page script loads
 * `url` once the page has painted. The same bundle in every build (server, browser, tests), so the
 * address the page names is the one the server answers.
 */
export function vitalsScript(): Plugin {
  let bundled: Promise<string> | undefined;
  const bundle = async () => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      minify: true,
      format: "iife",
      target: "es2020",
      legalComments: "none",
      write: false,
      logLevel: "warning",
    });
    const source = result.outputFiles[0]!.text;
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 12);
    return `export const url = ${JSON.stringify(`/assets/web-vitals-${hash}.js`)};\nexport const source = ${JSON.stringify(source)};\n`;
  };
  return {
    name: "web-vitals-script",
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(ENTRY);
      return (bundled ??= bundle());
    },
    // Development: a change to the script is bundled again.
    watchChange(id) {
      if (id === ENTRY) bundled = undefined;
    },
  };
}
