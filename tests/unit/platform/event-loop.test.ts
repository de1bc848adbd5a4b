import { setTimeout as sleep } from "node:timers/promises";

import { expect, it } from "vitest";

import { eventLoopDelay, watchEventLoop } from "~/platform/event-loop.server";

it("reports how long work held the event loop", async () => {
  watchEventLoop();
  await sleep(50);
  // Work that holds the thread for 300 ms: every timer and request waits behind it.
  const until = performance.now() + 300;
  while (performance.now() < until);
  await expect.poll(() => eventLoopDelay().maxMs, { timeout: 5000 }).toBeGreaterThanOrEqual(250);
  expect(eventLoopDelay()).toMatchObject({ p99Ms: expect.any(Number), windowSeconds: 10 });
});
