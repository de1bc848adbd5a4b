// Sums the vitest, Playwright and recipe results into one line: "N passed, N failed".
// A suite that wrote no report (it crashed) counts as one failure, so a crash never reads as green.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read("reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (!vitest.success && vitest.numFailedTests === 0) failed += 1; // e.g. a file that failed to load
} else failed += 1;

const playwright = read("reports/playwright.json");
if (playwright) {
  const s = playwright.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  if (playwright.errors?.length && s.unexpected === 0) failed += 1; // e.g. global setup failed
} else failed += 1;

const recipe = read("reports/recipe.json");
passed += recipe?.passed ?? 0;
failed += recipe ? recipe.failed : 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
