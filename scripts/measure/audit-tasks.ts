// npm run audit:tasks: where a page's blocking time comes from. Runs Lighthouse (mobile) on one page
// (AUDIT_PAGE, default /contact) AUDIT_RUNS times and prints, per run, the blocking time and every
// main-thread task that is long once slowed (over 50 ms ÷ the slowdown: 12 ms at the preset's 4×) with
// what the trace says was done inside it, and whether it came after the first paint (only those count
// towards the blocking time). AUDIT_CPU=8 slows the CPU as `AUDIT_AS_INDEX=1800 npm run audit` does on
// this machine when quiet. See docs/decisions/017 and 063.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling as presets } from "lighthouse/core/config/constants.js";

import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { startServer } from "../lib/start-server";

type TraceEvent = {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string } };
};
type Task = { startTime: number; duration: number };

const PAGE = process.env.AUDIT_PAGE ?? "/contact";
const RUNS = Number(process.env.AUDIT_RUNS ?? 5);
const SLOWDOWN = Number(process.env.AUDIT_CPU ?? presets.mobileSlow4G.cpuSlowdownMultiplier);
const throttling = { ...presets.mobileSlow4G, cpuSlowdownMultiplier: SLOWDOWN };
/** A task longer than this (observed, unslowed) is over 50 ms once slowed. */
const LONG_MS = 50 / SLOWDOWN;

const server = await startServer({}, { atRest: true });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
try {
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(server.baseURL + PAGE, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      throttling,
    });
    if (!result) continue;
    const { audits } = result.lhr;
    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace
      .traceEvents;
    const tasks = ((audits["main-thread-tasks"]?.details as { items?: Task[] })?.items ?? []).filter(
      (task) => task.duration > LONG_MS,
    );
    const navigation = events.find(
      (e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"),
    );
    const score = Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
    const firstPaint = audits["metrics"]?.details as { items?: Record<string, number>[] } | undefined;
    const seenPaint = firstPaint?.items?.[0]?.observedFirstContentfulPaint ?? 0;
    const allTasks = (audits["main-thread-tasks"]?.details as { items?: Task[] })?.items ?? [];
    const after = allTasks.filter((task) => task.startTime >= seenPaint);
    console.log(
      `run ${run}: performance ${score} (CPU ${SLOWDOWN}×), blocking time ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms; first paint seen at ${Math.round(seenPaint)} ms; ${allTasks.length} tasks, ${after.length} after it (${after.reduce((n, t) => n + t.duration, 0).toFixed(1)} ms, longest ${Math.max(0, ...after.map((t) => t.duration)).toFixed(1)} ms)`,
    );
    // The long tasks as Lighthouse's simulation sees them, slowed (what the blocking time is made of).
    type Simulated = { url?: string; duration: number; startTime: number };
    for (const task of (audits["long-tasks"]?.details as { items?: Simulated[] })?.items ?? [])
      console.log(
        `  simulated long task: ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms, ${task.url ?? ""}`,
      );
    if (!navigation) continue;
    for (const task of tasks) {
      const start = navigation.ts + task.startTime * 1000;
      const end = start + task.duration * 1000;
      const inside: Record<string, number> = {};
      for (const e of events) {
        if (e.pid !== navigation.pid || e.tid !== navigation.tid || e.name === "RunTask") continue;
        if (e.ts < start || e.ts + (e.dur ?? 0) > end || (e.dur ?? 0) < 500) continue;
        inside[e.name] = (inside[e.name] ?? 0) + e.dur! / 1000;
      }
      const top = Object.entries(inside)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
      console.log(
        `  task at ${Math.round(task.startTime)} ms${task.startTime >= seenPaint ? " (after first paint)" : ""}, ${task.duration.toFixed(1)} ms: ${top.join(", ")}`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
