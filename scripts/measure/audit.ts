// npm run audit: Lighthouse (mobile preset) in Debian Chromium against the production build.
// Audits every page three times (AUDIT_RUNS) and prints the worst of each score, the Lighthouse benchmark
// index of each run (how fast this machine is: a common laptop is about 1,800, and scores fall on a
// slower one) and the home page's budget; exits 1 when any run scores below 100 in any category or the home page is over its
// JavaScript/CSS budget.
import { gzipSync } from "node:zlib";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling as presets } from "lighthouse/core/config/constants.js";

import { AUDITED_PAGES } from "../lib/audited-pages";
import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { IRISH_PATHS, translateIntoIrish } from "../lib/irish-pages";
import { paintWait, type TraceEvent } from "../lib/paint-wait";
import { startServer } from "../lib/start-server";

// AUDIT_PAGES=/contact,/blog npm run audit   (some pages only)
const PAGES = process.env.AUDIT_PAGES?.split(",") ?? [...AUDITED_PAGES, ...IRISH_PATHS];
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
// AUDIT_AS_INDEX=1800 npm run audit   (as on a machine of that benchmark index: see slowdownFor)
const AS_INDEX = Number(process.env.AUDIT_AS_INDEX ?? 0);
const MUST_BE_100 = ["performance", "accessibility", "best-practices", "seo"] as const;
const BUDGET = { jsKb: 100, cssKb: 30 };

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

/** The home page's performance budget: JS and CSS (gzip, inline included), other hosts, layout shift. */
async function homeBudget(
  lhr: { audits: Record<string, { details?: unknown; numericValue?: number }> },
  origin: string,
) {
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })?.items ?? [];
  const transferred = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const html = await (await fetch(origin + "/")).text();
  const inline = (tag: "script" | "style") =>
    [
      ...html.matchAll(new RegExp(`<${tag}(?![^>]*application/ld\\+json)[^>]*>([\\s\\S]*?)</${tag}>`, "g")),
    ].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
  const jsKb = (transferred("Script") + inline("script")) / 1024;
  const cssKb = (transferred("Stylesheet") + inline("style")) / 1024;
  const otherHosts = requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith("data:")).length;
  const shift = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
  console.log(
    `    budget: JavaScript ${jsKb.toFixed(1)} KB (≤ ${BUDGET.jsKb}), CSS ${cssKb.toFixed(1)} KB (≤ ${BUDGET.cssKb}), requests to other hosts ${otherHosts} (0), layout shift ${shift.toFixed(3)}`,
  );
  return jsKb <= BUDGET.jsKb && cssKb <= BUDGET.cssKb && otherHosts === 0;
}

/**
 * One Lighthouse run of `url`. A run whose trace Lighthouse itself failed to record (a runtime error
 * such as NO_NAVSTART, which it answers with "Please run Lighthouse again") measured nothing about the
 * page: it is run again, up to twice, and said so.
 */
async function audited(
  url: string,
  port: number,
  retried: (why: string) => void,
  throttling?: typeof mobileSlow4G,
) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", throttling });
    const failure = result?.lhr.runtimeError;
    if (!failure || attempt === 3) return result;
    retried(`Lighthouse could not record the page (${failure.code})`);
  }
}

const { mobileSlow4G } = presets;

/**
 * The mobile preset's throttling as on a machine of benchmark index `asIndex`: Lighthouse slows this
 * machine's CPU 4× to stand for a phone, so a machine twice as fast as the target is slowed 8×
 * (Lighthouse's throttling guide calibrates the multiplier from the benchmark index the same way).
 * Undefined (the preset itself) when no target is asked for.
 */
function slowdownFor(benchmark: number, asIndex: number) {
  if (!asIndex || !benchmark) return undefined;
  const factor = Math.max(1, benchmark / asIndex);
  return { ...mobileSlow4G, cpuSlowdownMultiplier: mobileSlow4G.cpuSlowdownMultiplier * factor };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One run's line: its score and benchmark index, the simulated first paint and speed index that the
 * score is made of, and what the trace saw: the load, the first paint and the renderer's CPU time
 * before it. When that CPU time is under half the wait, the rest was the renderer waiting (for a core
 * on a loaded machine), not the page's work: said so, as a score from such a run says little.
 */
function runLine(
  run: number,
  score: number,
  benchmark: number,
  lhr: { audits: Record<string, { details?: unknown }> },
  trace: { traceEvents: TraceEvent[] } | undefined,
) {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0] ?? {};
  let line = `run ${run}: ${score} @ ${benchmark}; first paint ${seconds(metrics.firstContentfulPaint ?? 0)}, speed index ${seconds(metrics.speedIndex ?? 0)} (simulated)`;
  const seen = trace && paintWait(trace.traceEvents);
  if (!seen) return line;
  line += `; seen: loaded ${seconds(seen.loadMs)}, first paint ${seconds(seen.firstPaintMs)}, renderer CPU before it ${seconds(seen.rendererCpuMs)}`;
  if (seen.rendererCpuMs < seen.firstPaintMs / 2)
    line += ` (it waited, not worked, for the rest: its threads' tasks sat without a core for ${seconds(seen.offCoreMs)} in all, mid-task: this machine's load, not the page's work)`;
  return line;
}

/** A new browser for every run: a warm one (its caches, its compiled code) scores better than a visitor's first visit. */
const launchChromium = () =>
  chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });

// A visitor meets the site at rest: a first start's drawing of covers and cards is not theirs to wait for.
const server = await startServer({}, { atRest: true });
let failed = false;
try {
  // The site in a second language too: its translated pages are measured like the rest.
  if (PAGES.some((path) => IRISH_PATHS.includes(path))) await translateIntoIrish(server.baseURL);
  console.log(
    `${"page".padEnd(40)} perf  a11y  best  seo   (worst of ${RUNS} runs; performance per run @ benchmark index)`,
  );
  const benchmarks: number[] = [];
  if (AS_INDEX) {
    // One run not reported, to learn this machine's index before the first one that is.
    const chrome = await launchChromium();
    const calibration = await audited(`${server.baseURL}/`, chrome.port, () => {}).finally(() =>
      chrome.kill(),
    );
    benchmarks.push(Math.round(calibration!.lhr.environment.benchmarkIndex));
  }
  for (const path of PAGES) {
    const worst: Record<string, number> = {};
    const performance: string[] = [];
    const notes = new Set<string>();
    const runs: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const chrome = await launchChromium();
      const throttling = slowdownFor(benchmarks.at(-1) ?? 0, AS_INDEX);
      const result = await audited(
        `${server.baseURL}${path}`,
        chrome.port,
        (why) => notes.add(`run ${run + 1}: ${why}; run again`),
        throttling,
      ).finally(() => chrome.kill());
      if (throttling)
        notes.add(
          `run ${run + 1}: CPU slowed ${throttling.cpuSlowdownMultiplier.toFixed(1)}× (as at ${AS_INDEX})`,
        );
      const categories = result!.lhr.categories;
      // A run whose metrics Lighthouse could not compute scores 0: say why, not just "0".
      if (result!.lhr.runtimeError) notes.add(`run ${run + 1}: ${result!.lhr.runtimeError.message}`);
      for (const audit of Object.values(result!.lhr.audits)) {
        if (audit.scoreDisplayMode === "error")
          notes.add(`run ${run + 1}: ${audit.id} failed: ${audit.errorMessage}`);
      }
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      for (const key of MUST_BE_100) worst[key] = Math.min(worst[key] ?? 100, score(key));
      const benchmark = Math.round(result!.lhr.environment.benchmarkIndex);
      benchmarks.push(benchmark);
      performance.push(`${score("performance")} @ ${benchmark}`);
      const trace = (result!.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      runs.push(runLine(run + 1, score("performance"), benchmark, result!.lhr as never, trace));
      if (path === "/" && run === 0 && !(await homeBudget(result!.lhr as never, server.baseURL)))
        failed = true;
      for (const key of MUST_BE_100) {
        if (score(key) === 100) continue;
        for (const audit of Object.values(result!.lhr.audits)) {
          const weighted = categories[key]?.auditRefs.some((r) => r.id === audit.id && r.weight > 0);
          if (weighted && audit.score !== null && audit.score < 1) {
            notes.add(`${key}: ${audit.id} ${audit.displayValue ?? ""}`.trim());
          }
        }
      }
    }
    const row = MUST_BE_100.map((key) => String(worst[key]).padStart(4)).join("  ");
    console.log(`${path.padEnd(40)} ${row}   (${performance.join(", ")})`);
    for (const line of runs) console.log(`    ${line}`);
    for (const note of notes) console.log(`    ${note}`);
    if (MUST_BE_100.some((key) => worst[key]! < 100)) failed = true;
  }
  console.log(
    `Lighthouse benchmark index of this machine: ${Math.min(...benchmarks)}–${Math.max(...benchmarks)} (a common laptop is about 1,800; below it, scores are lower than a visitor's)`,
  );
} finally {
  await server.stop();
}
if (failed) {
  console.error(
    "Every page must score 100 in every category in every run, and the home page be within its budget.",
  );
  process.exit(1);
}
