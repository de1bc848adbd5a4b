import { defineConfig, devices } from "@playwright/test";

import { chromiumArgs, headlessShellPath } from "./scripts/lib/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  // Starts two production builds on free ports, each with its own database (see the file).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  // Three on two cores: a test waiting on a clock, a slow answer or a server's start leaves its core to
  // the others (quiet machine: 445 → 406 s, the same CPU). The suite is measured and kept green with three.
  workers: 3,
  // A focused test left in a commit would make the run pass on one test.
  forbidOnly: true,
  retries: 0,
  // Generous: axe scans of long pages take several seconds on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
    // Recording a trace for every test cost a fifth of the suite's CPU: a failure keeps a screenshot
    // and the page's snapshot (error-context.md); `--trace on` records one when a test is rerun.
    trace: "off",
    screenshot: "only-on-failure",
    // Decorative loops (glows, glitches, dividers) would redraw every open page for the whole suite;
    // the tests of motion itself ask for it back.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "chromium", grepInvert: /@nojs-only|@mutates/, use: { ...devices["Desktop Chrome"] } },
    // The same browser with JavaScript off: the tests tagged @nojs (and @nojs-only).
    {
      name: "no-js",
      grep: /@nojs/,
      grepInvert: /@mutates/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
    },
    // Tests that add rows every page would see (e.g. 14 extra posts), beside the others on a server
    // and database of their own (global-setup.ts).
    {
      name: "mutating",
      grep: /@mutates/,
      use: { ...devices["Desktop Chrome"], baseURL: process.env.E2E_WRITERS_BASE_URL },
    },
  ],
});
