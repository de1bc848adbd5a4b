import { monitorEventLoopDelay } from "node:perf_hooks";

/** The delays are read over windows this long: the last whole one and the one under way. */
export const WINDOW_SECONDS = 10;

let delays: ReturnType<typeof monitorEventLoopDelay> | undefined;
let lastWindow = { p99: 0, max: 0 };

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;

/** Starts measuring how late the event loop runs its timers (at the server's start; idempotent). */
export function watchEventLoop() {
  if (delays) return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  delays = histogram;
  setInterval(() => {
    lastWindow = { p99: histogram.percentile(99), max: histogram.max };
    histogram.reset();
  }, WINDOW_SECONDS * 1000).unref();
}

/**
 * How long work held the event loop lately, in ms: every request waits that long behind it. The p99
 * and the longest delay over the last whole window and the one under way (so a stall shows while it
 * lasts, and for a window after).
 */
export function eventLoopDelay(): { p99Ms: number; maxMs: number; windowSeconds: number } {
  watchEventLoop();
  const now = delays!.count > 0 ? { p99: delays!.percentile(99), max: delays!.max } : { p99: 0, max: 0 };
  return {
    p99Ms: ms(Math.max(lastWindow.p99, now.p99)),
    maxMs: ms(Math.max(lastWindow.max, now.max)),
    windowSeconds: WINDOW_SECONDS,
  };
}
