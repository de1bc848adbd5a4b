// Bundles the Node entry points (the server and the operator commands) into build/*.js, so the
// production image runs them with plain `node` and without dev dependencies. Packages stay
// external: they come from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: {
    server: "server.ts",
    "admin-create": "scripts/admin-create.ts",
    "db-backup": "scripts/db-backup.ts",
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  define: { __SERVE_BUILD__: "true" },
  sourcemap: true,
  logLevel: "warning",
});
console.log("built build/server.js, build/admin-create.js, build/db-backup.js");
