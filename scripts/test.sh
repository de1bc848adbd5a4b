#!/usr/bin/env bash
# `npm test`: every test. Build once, then units/services (vitest), the browser suite against the
# production build (Playwright), and the Docker recipe outside Docker. Ends with one line
# "N passed, N failed" that sums them all; the same line is kept in test-results/summary.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json test-results/recipe.json test-results/summary.txt

bash scripts/ensure-chromium.sh || exit 1

echo "== build"
npm run build || { echo "0 passed, 1 failed" | tee test-results/summary.txt; exit 1; }

echo "== unit and service tests (vitest)"
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
vitest_status=$?

echo "== end-to-end tests (Playwright, production build, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json node_modules/.bin/playwright test
playwright_status=$?

echo "== Docker recipe outside Docker"
bash scripts/docker-recipe-check.sh
recipe_status=$?
printf '{"passed":%d,"failed":%d}\n' $((recipe_status == 0)) $((recipe_status != 0)) > test-results/recipe.json

node scripts/test-summary.mjs | tee test-results/summary.txt
[ $vitest_status -eq 0 ] && [ $playwright_status -eq 0 ] && [ $recipe_status -eq 0 ]
