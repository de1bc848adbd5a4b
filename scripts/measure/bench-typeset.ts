// How long drawing the site's images holds the request thread: draws social cards one after another
// (as an import drawing its covers does) while a timer on this thread measures how late it fires.
// Run once with the worker (NODE_ENV=production, after the build) and once on this thread.
// Prints cards per second, the request thread's busy time per card and its delay (p50, p99, max).
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

import { renderSocialCard } from "~/features/social-cards/index.server";

const CARDS = Number(process.env.CARDS ?? 12);

async function drawCards() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const busyBefore = performance.eventLoopUtilization();
  for (let i = 0; i < CARDS; i++) {
    await renderSocialCard({
      kind: "post",
      title: `How a Dublin bakery doubled its orders, part ${i + 1}`,
      topic: "SEO",
      siteName: "Northwall Digital",
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const busy = performance.eventLoopUtilization(busyBefore);
  delay.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  return `${(CARDS / seconds).toFixed(1)} cards/s, request thread busy ${(busy.active / CARDS).toFixed(0)} ms a card (${(busy.utilization * 100).toFixed(0)} %), event-loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`;
}

const mode = process.env.NODE_ENV === "production" ? "in the worker" : "on the request thread";
console.log(`typeset ${mode}: ${await drawCards()}`);
process.exit(0);
