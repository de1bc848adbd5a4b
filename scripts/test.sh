#!/usr/bin/env bash
# `npm test`: every test. First the guard rails (type check, lint and format side by side):
# any error stops the run there. Then build once, then units/services (vitest), the browser suite
# against the production build (Playwright) with the Docker recipe outside Docker beside it. Ends with one line
# "N passed, N failed[, N skipped][, N not run]" that sums them all; the same line is kept in
# reports/summary.txt, and what each step took in reports/timings.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node.sh || exit 1
mkdir -p reports
# V8's compiled code shared by every node process of the run and kept for the next (checks, build,
# test servers, the recipe): Node checks each file against its cache entry, so a changed file is compiled
# afresh. Some 0.1-0.4 core-seconds a process.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/.cache/node-compile}"
rm -f reports/vitest.json reports/playwright.json reports/recipe.json reports/summary.txt reports/timings.txt \
  reports/build.log reports/template.log

step_started=$SECONDS
# Records how long the step since the last call took, in reports/timings.txt.
timed() {
  echo "$1: $((SECONDS - step_started)) s" >> reports/timings.txt
  step_started=$SECONDS
}

bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-faketime.sh || exit 1

timed "Chromium and faketime present"

echo "== guard rails: typecheck, lint, format; the build and the test servers' data folder beside them"
# The build, then one data folder (migrated, seeded, its covers and cards drawn) for every test server
# of the run: some 20 core-seconds that fill what the checks leave of the two cores (their last
# seconds are lint's alone): 46 s side by side, 49 s one after the other.
( npm run build > reports/build.log 2>&1 && node_modules/.bin/tsx scripts/make-template.ts > reports/template.log 2>&1 ) &
prepared_pid=$!
# All three checks at once: each is bound to one core and they take 40-70 s of CPU between them, so
# on two cores the step lasts about half their sum (with format waiting on lint it lasted lint + format).
checks_failed=0
pids=()
for check in typecheck lint format:check; do
  npm run --silent "$check" > "reports/${check/:/-}.log" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || checks_failed=$((checks_failed + 1)); done
cat reports/typecheck.log reports/lint.log reports/format-check.log
# Any failure stops the run here, once the build has finished (its data folder is removed on exit).
wait "$prepared_pid"
prepared_status=$?
E2E_TEMPLATE_DIR=$(tail -1 reports/template.log 2>/dev/null)
if [ -n "$E2E_TEMPLATE_DIR" ] && [ -d "$E2E_TEMPLATE_DIR" ]; then
  export E2E_TEMPLATE_DIR
  trap 'rm -rf "$E2E_TEMPLATE_DIR"' EXIT
fi
timed "guard rails (typecheck | lint | format), build and test servers' data folder beside them"
if [ $checks_failed -ne 0 ]; then
  echo "$((3 - checks_failed)) passed, $checks_failed failed" | tee reports/summary.txt
  exit 1
fi
echo "== build"
cat reports/build.log
if [ $prepared_status -ne 0 ]; then
  cat reports/template.log
  echo "0 passed, 1 failed" | tee reports/summary.txt
  exit 1
fi

echo "== unit and service tests (vitest)"
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
vitest_status=$?
timed "unit and service tests (vitest)"

echo "== end-to-end tests (Playwright, production build, Chromium), the Docker recipe outside Docker beside them"
# The recipe (a build, a prune, three starts: some 30 core-seconds) fills what the browser tests leave
# of the two cores while their tests wait on clocks, slow answers and servers' starts.
bash scripts/docker-recipe-check.sh > reports/recipe.log 2>&1 &
recipe_pid=$!
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json node_modules/.bin/playwright test
playwright_status=$?
timed "browser tests (Playwright)"
wait "$recipe_pid"
recipe_status=$?
echo "== Docker recipe outside Docker"
cat reports/recipe.log
timed "Docker recipe (the rest of it)"
printf '{"passed":%d,"failed":%d}\n' $((recipe_status == 0)) $((recipe_status != 0)) > reports/recipe.json

cat reports/timings.txt
node scripts/test-summary.mjs | tee reports/summary.txt
summary_status=$?
[ $vitest_status -eq 0 ] && [ $playwright_status -eq 0 ] && [ $recipe_status -eq 0 ] && [ $summary_status -eq 0 ]
