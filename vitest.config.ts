import { defineConfig } from "vitest/config";

import { vitalsScript } from "./scripts/vite/vitals-script.ts";
import { ISOLATED } from "./tests/setup/isolated-files.ts";
import { alias } from "./vite.config.ts";

// Units and services only: no React Router plugin, no Playwright specs.
export default defineConfig({
  plugins: [vitalsScript()],
  resolve: { alias },
  test: {
    setupFiles: ["tests/setup/temp-db.ts"],
    globalSetup: [
      "tests/setup/compile-cache.ts",
      "tests/setup/migrated-db.ts",
      "tests/setup/server-template.ts",
      "tests/setup/operator-commands-build.ts",
    ],
    // Vitest keeps transformed modules on disk between runs, by default in node_modules: the worktrees
    // share one node_modules, and a run there once failed on a file another run had just removed.
    fsModuleCachePath: ".vitest-cache",
    // A focused test left in a commit would make the run pass on a few tests.
    allowOnly: false,
    pool: "forks",
    // Vitest's default on two cores is one fork; many files wait on a server, a mail or a timer, and
    // three forks keep both cores busy (138 s → 91 s for the whole set on a quiet machine).
    maxWorkers: 3,
    // A password hash (scrypt, N=2^17) takes ~0.4 s alone but several seconds while other files hash
    // in parallel on two cores: the sign-in tests took 8-14 s and once crossed the old 20 s limit.
    testTimeout: 60_000,
    // Hooks wait on conditions too (background drawing settling, a server starting): as long as a test.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Pure functions share their workers' modules: a fresh process per file spent ~0.85 s of a core
          // starting and loading them again (56 core-seconds for the 65 files, 14 s shared; threads
          // measured the same as forks). Each file still gets its own database (temp-db.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ISOLATED,
          // A worker runs file after file: a new process for each cost ~0.65 core-second more (Node,
          // Vitest and node_modules loaded again). temp-db.ts gives each file fresh app modules and
          // puts the environment back, so a file still sees nothing another left behind.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "isolated", include: ISOLATED },
      },
    ],
  },
});
