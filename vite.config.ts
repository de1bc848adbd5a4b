import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { vitalsScript } from "./scripts/vite/vitals-script.ts";

export const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

// The server build is the Express app (server/app.ts) with the routes inside: build/server/index.js.
export default defineConfig({
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Loaded through Vite like the routes, so both use one copy of react-router (in development Vite
      // resolves its "development" build; Node alone would load another, and the load context's
      // RouterContextProvider would not be recognised).
      // React Email is bundled so that only the components the e-mails use are: its barrel would load
      // them all at start, Prism with its languages among them.
      resolve: { noExternal: ["@react-router/express", /^@react-email\//] },
    },
  },
  plugins: [tailwindcss(), reactRouter(), vitalsScript()],
  resolve: { alias },
});
