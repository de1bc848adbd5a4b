// Bundles server.ts (and the db/service code it imports) into build/server.js for `npm start`.
// Packages stay external: they come from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  define: { __SERVE_BUILD__: "true" },
  sourcemap: true,
  logLevel: "warning",
});
console.log("built build/server.js");
