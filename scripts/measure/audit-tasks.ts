// npm run audit:tasks: where a page's blocking time comes from. Runs Lighthouse (mobile) on one page
// (AUDIT_PAGE, default /contact) AUDIT_RUNS times and prints, per run, the blocking time and every
// main-thread task over 12 ms (12 ms observed is 50 ms at Lighthouse's 4× CPU slowdown) with what the
// trace says was done inside it. See docs/decisions/017.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

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
    });
    if (!result) continue;
    const { audits } = result.lhr;
    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace
      .traceEvents;
    const tasks = ((audits["main-thread-tasks"]?.details as { items?: Task[] })?.items ?? []).filter(
      (task) => task.duration > 12,
    );
    const navigation = events.find(
      (e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"),
    );
    const score = Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
    console.log(
      `run ${run}: performance ${score}, blocking time ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
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
        `  task at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${top.join(", ")}`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
