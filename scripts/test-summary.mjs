// Sums the vitest, Playwright and recipe results into one line: "N passed, N failed[, N skipped][, N not run]".
// A suite that wrote no report (it crashed) counts as one failure, so a crash never reads as green.
// "skipped" is only a test skipped on purpose (test.skip / it.skip, with its reason); a test that did
// not run because its group or a project it depends on failed, or the run was cut short, is "not run".
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;
let notRun = 0;

const vitest = read("reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (!vitest.success && vitest.numFailedTests === 0) failed += 1; // e.g. a file that failed to load
} else failed += 1;

/** Every test of a Playwright JSON report, through its nested suites. */
function* playwrightTests(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) yield* spec.tests ?? [];
    yield* playwrightTests(suite.suites);
  }
}

const playwright = read("reports/playwright.json");
if (playwright) {
  for (const test of playwrightTests(playwright.suites)) {
    if (test.status === "expected" || test.status === "flaky") passed += 1;
    else if (test.status === "unexpected") failed += 1;
    else if (test.expectedStatus === "skipped") skipped += 1;
    else notRun += 1;
  }
  if (playwright.errors?.length && playwright.stats.unexpected === 0) failed += 1; // e.g. global setup failed
} else failed += 1;

const recipe = read("reports/recipe.json");
passed += recipe?.passed ?? 0;
failed += recipe ? recipe.failed : 1;

console.log(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${notRun ? `, ${notRun} not run` : ""}`,
);
process.exitCode = failed || notRun ? 1 : 0;
