import { describe, expect, it } from "vitest";

import { paintWait, type TraceEvent } from "../../../scripts/lib/paint-wait";

const PAGE = 7;
const OTHER = 9;
const navigation: TraceEvent = {
  name: "navigationStart",
  ph: "R",
  pid: PAGE,
  tid: 1,
  ts: 1_000_000,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: "http://127.0.0.1/" } },
};
const mark = (name: string, ms: number): TraceEvent => ({
  name,
  ph: "R",
  pid: PAGE,
  tid: 1,
  ts: 1_000_000 + ms * 1000,
});
const task = (tid: number, startMs: number, wallMs: number, cpuMs: number, pid = PAGE): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid,
  tid,
  ts: 1_000_000 + startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("paintWait", () => {
  it("counts the renderer's work before first paint once, and the time its tasks sat without a core", () => {
    const seen = paintWait([
      navigation,
      mark("MarkLoad", 400),
      mark("firstContentfulPaint", 2000),
      // The main thread: a task with one nested inside it (counted once, as the outer one).
      task(1, 100, 200, 150),
      { ...task(1, 120, 50, 50), name: "ParseHTML" },
      // A raster tile of 5 ms of CPU that took 250 ms: it waited for a core.
      task(2, 1700, 250, 5),
      // Half of this one falls after first paint.
      task(2, 1980, 40, 40),
      // Another process (the browser) is not the page's.
      task(1, 500, 900, 900, OTHER),
    ]);
    expect(seen).toEqual({
      firstPaintMs: 2000,
      loadMs: 400,
      rendererCpuMs: 150 + 5 + 20,
      offCoreMs: 50 + 245,
    });
  });

  it("says nothing when the trace lacks the page's navigation or its first paint", () => {
    expect(paintWait([mark("MarkLoad", 400)])).toBeUndefined();
    expect(paintWait([navigation, mark("MarkLoad", 400)])).toBeUndefined();
  });
});
