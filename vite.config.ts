import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { precompressed } from "./scripts/vite/precompressed.ts";
import { vitalsScript } from "./scripts/vite/vitals-script.ts";

export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

// Packages the production server still loads from node_modules: native code and WebAssembly, the
// largest of those loaded by their first use (Prettier), those that start worker files of their own (pino),
// those server.ts loads too (express), and those a package outside the bundle shares with the site
// (React, React Router: one copy of each).
const loadedFromNodeModules = [
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "express",
  "better-sqlite3",
  "sharp",
  "satori",
  "prettier",
  "pino",
  "pino-http",
  // The editor's, in a chunk of its own that only the admin's editor loads.
  "@tiptap/core",
  "@tiptap/pm",
  "@tiptap/react",
  "@tiptap/starter-kit",
  "@tiptap/extensions",
  "@tiptap/extension-link",
  "@tiptap/extension-hard-break",
];

// The server build is the Express app (server/app.ts) with the routes inside: build/server/index.js.
export default defineConfig(({ command }) => ({
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      resolve:
        command === "build"
          ? // Every other package is bundled: a start then reads a few files rather than some 800 (each
            // resolved through its package.json), and only what the site uses of each is kept.
            { noExternal: true, external: loadedFromNodeModules }
          : // Loaded through Vite like the routes, so both use one copy of react-router (in development
            // Vite resolves its "development" build; Node alone would load another, and the load
            // context's RouterContextProvider would not be recognised).
            { noExternal: ["@react-router/express"] },
    },
  },
  plugins: [tailwindcss(), reactRouter(), vitalsScript(), precompressed()],
  resolve: { alias },
  // Rolldown warns when plugins take most of a build; here that is the scripts' compression at brotli's
  // best (about a second, once a build, in place of compressing them on every request).
  build: { rolldownOptions: { checks: { pluginTimings: false } } },
}));
