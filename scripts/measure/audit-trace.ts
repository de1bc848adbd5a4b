// npm run audit:trace: the main-thread work of each public page's first visit, from a Chromium trace
// with the CPU slowed 4x (as Lighthouse's mobile preset does), split as Lighthouse splits it: parsing
// HTML, style, layout, paint, scripting, other. Unlike the performance score it barely moves with the
// machine's load (it counts the renderer's own work, not the wait for a core), so before/after figures
// of one change can be compared on a busy machine. Prints the median of TRACE_RUNS fresh browsers.
import { chromium } from "@playwright/test";

import { AUDITED_PAGES } from "../lib/audited-pages";
import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { startServer } from "../lib/start-server";

// TRACE_PAGES=/,/blog TRACE_RUNS=5 npm run audit:trace
const PAGES = process.env.TRACE_PAGES?.split(",") ?? AUDITED_PAGES;
const RUNS = Number(process.env.TRACE_RUNS ?? 5);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** Lighthouse's groups (its main-thread-work-breakdown), by trace event name. */
const GROUPS: Record<string, string> = {
  ParseHTML: "html",
  ParseAuthorStyleSheet: "style",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  Layout: "layout",
  UpdateLayerTree: "layout",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  CompositeLayers: "paint",
  Commit: "paint",
  "Decode Image": "paint",
  ImageDecodeTask: "paint",
  EvaluateScript: "script",
  FunctionCall: "script",
  TimerFire: "script",
  EventDispatch: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  "v8.run": "script",
  MinorGC: "script",
  MajorGC: "script",
  RunMicrotasks: "script",
  GCEvent: "script",
};
const COLUMNS = ["total", "html", "style", "layout", "paint", "script", "other"] as const;
/** Printed after the main thread's columns, not part of its total (see offMainCpu). */
const RASTER = "raster";
const FRAMES = "frames";
const EVERY = "every";
const OFF_MAIN = [RASTER, FRAMES, EVERY] as const;
/** The top-level task of a thread, in every Chromium process: what "every" sums. */
const TOP_LEVEL = new Set(["RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask"]);

/** Self time of every complete event on the page's renderer main thread, summed by group (ms). */
function breakdown(events: TraceEvent[], pid: number) {
  const main = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain",
  );
  const sums: Record<string, number> = Object.fromEntries(COLUMNS.map((c) => [c, 0]));
  if (!main) return sums;
  const spans = events
    .filter((e) => e.ph === "X" && e.pid === pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // A stack of open spans: each span's own time is its length less its children's.
  const stack: { end: number; group: string; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      sums[done.group] = sums[done.group]! + done.self / 1000;
    }
  };
  for (const span of spans) {
    close(span.ts);
    const parent = stack.at(-1);
    const group = GROUPS[span.name] ?? (parent ? parent.group : "other");
    if (parent) parent.self -= span.dur!;
    stack.push({ end: span.ts + span.dur!, group, self: span.dur! });
  }
  close(Infinity);
  sums.total = COLUMNS.slice(1).reduce((n, c) => n + sums[c]!, 0);
  return sums;
}

/**
 * CPU time (thread time: the throttling slows only the main thread) of the renderer's raster (its
 * tiles drawn on worker threads), of the display compositor (each frame drawn in software, in the
 * GPU process), and of every process's threads together: what the first screen and any motion on it
 * cost besides the main thread, and what the main thread competes with for the cores.
 */
function offMainCpu(events: TraceEvent[], pid: number) {
  let raster = 0;
  let frames = 0;
  let every = 0;
  for (const e of events) {
    if (e.ph !== "X" || e.tdur === undefined) continue;
    if (TOP_LEVEL.has(e.name)) every += e.tdur;
    if (e.name === "RasterTask" && e.pid === pid) raster += e.tdur;
    else if (e.name === "Display::DrawAndSwap") frames += e.tdur;
  }
  return { [RASTER]: raster / 1000, [FRAMES]: frames / 1000, [EVERY]: every / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startServer({}, { atRest: true });
try {
  console.log(
    `${"page".padEnd(40)} ${[...COLUMNS, ...OFF_MAIN].map((c) => c.padStart(7)).join("")}  DOM nodes  (ms of main thread at 4x CPU slowdown; raster, frames and every process's CPU: ms, unslowed; median of ${RUNS})`,
  );
  for (const path of PAGES) {
    const runs: Record<string, number>[] = [];
    let nodes = 0;
    for (let run = 0; run < RUNS; run++) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      try {
        // Lighthouse's mobile screen: 412 x 823 at 1.75 device pixels.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        const events: TraceEvent[] = [];
        cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
        await cdp.send("Tracing.start", {
          categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,toplevel,viz",
          transferMode: "ReportEvents",
        });
        await page.goto(server.baseURL + path, { waitUntil: "load" });
        // What runs after the load event (deferred images, the page script's idle work) counts too.
        await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
        nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
        const ended = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
        await cdp.send("Tracing.end");
        await ended;
        // The renderer that drew the page: the one whose main thread parsed its HTML.
        const parse = events.find((e) => e.name === "ParseHTML" && e.ph === "X");
        const pid = parse?.pid ?? -1;
        runs.push({ ...breakdown(events, pid), ...offMainCpu(events, pid) });
      } finally {
        await browser.close();
      }
    }
    const row = [...COLUMNS, ...OFF_MAIN]
      .map((c) => String(Math.round(median(runs.map((r) => r[c]!)))).padStart(7))
      .join("");
    console.log(`${path.padEnd(40)} ${row}  ${String(nodes).padStart(9)}`);
  }
} finally {
  await server.stop();
}
