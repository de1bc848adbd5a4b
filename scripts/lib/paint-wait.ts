/**
 * How much of a page's wait for its first paint was work, from a Lighthouse run's trace. Each trace
 * event carries its wall time (dur) and the time its thread was on a core (tdur); the renderer's
 * outermost tasks on all its threads (parsing, script, style, layout, paint, raster), summed as CPU
 * time up to first contentful paint, is what the page cost. Wall time far beyond it is the renderer
 * waiting: for a core on a loaded machine (a raster tile of 5 ms of CPU took 246 ms here), or for
 * the network.
 */

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

export type PaintWait = {
  /** Navigation start to first contentful paint, and to the load event (ms). */
  firstPaintMs: number;
  loadMs: number;
  /** The renderer's CPU time before first paint (ms), all its threads. */
  rendererCpuMs: number;
  /** How long its tasks, once started, sat without a core before first paint (ms): the machine's load. */
  offCoreMs: number;
};

/**
 * Sums each thread's outermost tasks inside [from, to] (µs), clipped pro rata: their CPU time, and
 * their wall time without a core (started, not finished, not running).
 */
function outermostTasks(events: TraceEvent[], from: number, to: number) {
  const byThread = new Map<number, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined || e.tdur === undefined) continue;
    if (e.ts >= to || e.ts + e.dur <= from) continue;
    byThread.set(e.tid, [...(byThread.get(e.tid) ?? []), e]);
  }
  let cpu = 0;
  let offCore = 0;
  for (const tasks of byThread.values()) {
    tasks.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let outerEnd = -Infinity;
    for (const task of tasks) {
      if (task.ts < outerEnd) continue; // nested in the task before it
      outerEnd = task.ts + task.dur!;
      const inside = Math.min(outerEnd, to) - Math.max(task.ts, from);
      if (task.dur! === 0) continue;
      cpu += task.tdur! * (inside / task.dur!);
      offCore += Math.max(0, task.dur! - task.tdur!) * (inside / task.dur!);
    }
  }
  return { cpu, offCore };
}

/** The page's first paint and the renderer's CPU before it, or undefined when the trace lacks them. */
export function paintWait(traceEvents: TraceEvent[]): PaintWait | undefined {
  const navigation = traceEvents.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith("http"),
  );
  if (!navigation) return undefined;
  const ofPage = (name: string) =>
    traceEvents.find((e) => e.name === name && e.pid === navigation.pid && e.ts >= navigation.ts);
  const firstPaint = ofPage("firstContentfulPaint");
  const load = ofPage("MarkLoad");
  if (!firstPaint || !load) return undefined;
  const renderer = traceEvents.filter((e) => e.pid === navigation.pid);
  const tasks = outermostTasks(renderer, navigation.ts, firstPaint.ts);
  return {
    firstPaintMs: (firstPaint.ts - navigation.ts) / 1000,
    loadMs: (load.ts - navigation.ts) / 1000,
    rendererCpuMs: tasks.cpu / 1000,
    offCoreMs: tasks.offCore / 1000,
  };
}
