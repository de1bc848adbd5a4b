import { chromium } from "@playwright/test";

import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { startServer } from "../lib/start-server";

type E = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: any };
const PAGES = process.env.TRACE_PAGES?.split(",") ?? ["/", "/services/seo"];
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const server = await startServer({}, { atRest: true });
try {
  for (const path of PAGES) {
    for (let run = 0; run < RUNS; run++) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const events: E[] = [];
      cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as E[])));
      await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,toplevel,loading", transferMode: "ReportEvents" });
      await page.goto(server.baseURL + path, { waitUntil: "load" });
      await page.evaluate(() => new Promise((d) => setTimeout(d, 3000)));
      const ended = new Promise((d) => cdp.once("Tracing.tracingComplete", d));
      await cdp.send("Tracing.end");
      await ended;
      await browser.close();
      const parse = events.find((e) => e.name === "ParseHTML" && e.ph === "X")!;
      const pid = parse.pid, tid = parse.tid;
      const nav = events.find((e) => e.name === "navigationStart" && e.pid === pid && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"));
      const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
      const t0 = nav?.ts ?? parse.ts;
      const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      const tops = mine.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
      let end = -1; const top: E[] = [];
      for (const t of tops) { if (t.ts < end) continue; end = t.ts + t.dur!; top.push(t); }
      const fcpAt = fcp ? (fcp.ts - t0) / 1000 : NaN;
      let after = 0, before = 0;
      const lines: string[] = [];
      for (const t of top) {
        const ms = (t.tdur ?? t.dur!) / 1000;
        const at = (t.ts - t0) / 1000;
        if (at < fcpAt) before += ms; else after += ms;
        if (ms < 2) continue;
        const inside: Record<string, number> = {};
        for (const e of mine) {
          if (e === t || e.ts < t.ts || e.ts + e.dur! > t.ts + t.dur! || e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") continue;
          if ((e.tdur ?? e.dur!) < 300) continue;
          inside[e.name] = (inside[e.name] ?? 0) + (e.tdur ?? e.dur!) / 1000;
        }
        const desc = Object.entries(inside).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", ");
        lines.push(`   ${at.toFixed(0).padStart(5)} ms ${ms.toFixed(1).padStart(5)} ms ${at >= fcpAt ? "A" : "B"}: ${desc}`);
      }
      console.log(`${path} run ${run + 1}: fcp ${fcpAt.toFixed(0)} ms, main thread before ${before.toFixed(1)} ms, after ${after.toFixed(1)} ms`);
      if (process.env.DETAIL) console.log(lines.join("\n"));
    }
  }
} finally {
  await server.stop();
}
