import { defineConfig } from "vitest/config";

import { alias } from "./vite.config.ts";

// Units and services only: no React Router plugin, no Playwright specs.
export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup/temp-db.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
