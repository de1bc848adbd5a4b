// Bundles the operator commands into build/*.js, so the production image runs them with plain
// `node` and without dev dependencies (the site itself is built by Vite: build/server/index.js).
// Packages stay external: they come from node_modules at run time.
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
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(
  "built build/admin-create.js, build/db-backup.js, build/db-restore.js, build/import-survey.js, build/typeset.js",
);
