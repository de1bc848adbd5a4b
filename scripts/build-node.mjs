// Bundles the operator commands into build/*.js, so the production image runs them with plain
// `node` and without dev dependencies (the site itself is built by Vite: build/server/index.js).
// Their packages are bundled too, and only what they use of each is kept: loaded from node_modules, a
// command read some 600 files (every package the staff feature's index names, e-mail rendering and its
// code highlighter included) and took 0.7 s of a core to start; bundled it takes 0.1 s.
import { build } from "esbuild";

await build({
  entryPoints: {
    "admin-create": "scripts/admin-create.ts",
    "db-backup": "scripts/db-backup.ts",
    "db-restore": "scripts/db-restore.ts",
    // Run by the site in a worker thread: reads an export for its preview off the request thread.
    "import-survey": "app/features/imports/survey-worker.ts",
    // Run by the site in a worker thread: lays out the images it draws off the request thread.
    typeset: "app/platform/text/typeset-worker.ts",
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  // Native code and WebAssembly stay in node_modules, and pino, which starts worker files of its own.
  external: ["better-sqlite3", "sharp", "satori", "prettier", "pino", "pino-http"],
  // Packages written as CommonJS ask for Node's modules with require(), which an ES module lacks.
  banner: {
    js: 'import { createRequire as bannerRequire } from "node:module"; const require = bannerRequire(import.meta.url);',
  },
  sourcemap: true,
  logLevel: "warning",
});
console.log(
  "built build/admin-create.js, build/db-backup.js, build/db-restore.js, build/import-survey.js, build/typeset.js",
);
