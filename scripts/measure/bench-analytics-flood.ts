// A day at the beacon cap (`npm run bench:analytics-flood`): 1,200 page views a minute for 24 hours
// (1.728 M, each with its Web Vitals, each from a visitor of its own with a made-up page, campaign and
// referrer: the worst case for storage and reports), then:
// 1. The day's storage in MB (the analytics tables' pages, read from SQLite's dbstat).
// 2. A real HTTP flood at the cap for BENCH_FLOOD_SECONDS (20 flooding addresses) while a real visitor
//    opens a page every 6 s: whether theirs get through; the dashboard and GET /api/analytics for
//    today and the last 30 days timed meanwhile, /favicon.ico fetched alongside.
// 3. The day rolled up as a finished day: how long the roll-up took and the event loop's longest delay.
// Goals: dashboard and API p99 ≤ 1 s, favicon p99 ≤ 50 ms, the roll-up without a stall, ≤ 100 MB a day.
// BENCH_DAY_FRACTION (default 1) writes that share of the day. Figures only, no test.
import { rmSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { percentile } from "../lib/percentile";
import { adminSessionCookie, type RunningServer, startServer } from "../lib/start-server";

const FRACTION = Number(process.env.BENCH_DAY_FRACTION ?? 1);
const PER_MINUTE = 1200;
const VIEWS = Math.round(PER_MINUTE * 1440 * FRACTION);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const FLOODERS = 20;
const SITE = "bench.example";
const browser = (n: number) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.${n}.0 Safari/537.36`;
const ANALYTICS_TABLES = [
  "visits",
  "page_views",
  "page_vitals",
  "analytics_daily",
  "vitals_daily",
  "analytics_live",
  "vitals_live",
];

const number = (n: number) => Math.round(n).toLocaleString("en-IE");

/** The analytics tables' size (their pages and their indexes'), in MB. */
function storageMb(databasePath: string): number {
  const db = new Database(databasePath);
  db.pragma("wal_checkpoint(TRUNCATE)");
  const indexes = db
    .prepare<[], { name: string; tbl_name: string }>(
      "select name, tbl_name from sqlite_master where type = 'index'",
    )
    .all();
  const tableOf = new Map(indexes.map((index) => [index.name, index.tbl_name]));
  let bytes = 0;
  for (const row of db
    .prepare<[], { name: string; size: number }>("select name, sum(pgsize) as size from dbstat group by name")
    .all())
    if (ANALYTICS_TABLES.includes(tableOf.get(row.name) ?? row.name)) bytes += row.size;
  db.close();
  return bytes / 1e6;
}

/** Writes the day through the beacon's own service, as fast as it goes, in this process. */
async function writeTheDay(databasePath: string) {
  process.env.DATABASE_PATH = databasePath;
  const analytics = await import("../../app/features/analytics/index.server");
  const midnight = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z").getTime();
  const elapsed = Date.now() - midnight - 60_000;
  const started = performance.now();
  for (let i = 0; i < VIEWS; i++) {
    const at = new Date(midnight + Math.floor((i / VIEWS) * elapsed));
    const client = { ip: `10.7.0.${i % FLOODERS}`, userAgent: browser(i), siteHost: SITE };
    const page = `/flood-${i}`;
    analytics.recordPageView(
      {
        ...client,
        url: `${page}?utm_source=flood&utm_campaign=flood-${i}`,
        referrer: `https://spam-${i}.example/`,
      },
      at,
    );
    analytics.recordVitals(
      page,
      [
        ["LCP", 1000 + (i % 5000), `img.flood-${i}`],
        ["INP", 50 + (i % 400), `button#flood-${i} (click)`],
        ["CLS", (i % 300) / 1000, `div.flood-${i}`],
        ["FCP", 800],
        ["TTFB", 100 + (i % 50)],
      ],
      client,
      at,
    );
    if (i % 1000 === 999) analytics.flushPageViews();
    // What the server's analytics task does every ten minutes: prune raw rows over an hour old.
    if (i % (PER_MINUTE * 10) === PER_MINUTE * 10 - 1) analytics.rollUpFinishedDays(at);
    if (i % 100_000 === 99_999) console.log(`  … ${number(i + 1)} written`);
  }
  analytics.flushPageViews();
  const seconds = (performance.now() - started) / 1000;
  console.log(`Wrote ${number(VIEWS)} page views with their vitals in ${seconds.toFixed(0)} s (in process)`);
}

type Timed = { times: number[]; failures: number };

async function timeRequests(
  server: RunningServer,
  cookie: string,
  page: string,
  runs: number,
): Promise<Timed> {
  const timed: Timed = { times: [], failures: 0 };
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      const response = await fetch(server.baseURL + page, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) timed.failures++;
    } catch {
      timed.failures++;
    }
    timed.times.push(performance.now() - started);
  }
  return timed;
}

/** Flooding addresses send beacons as fast as they are answered until `until`; counted by status. */
async function floodUntil(server: RunningServer, until: number) {
  const statuses = new Map<number, number>();
  let n = 0;
  await Promise.all(
    Array.from({ length: FLOODERS }, async (_, flooder) => {
      while (Date.now() < until) {
        const i = n++;
        const response = await fetch(`${server.baseURL}/api/event`, {
          method: "POST",
          headers: {
            "Content-Type": "text/plain;charset=UTF-8",
            "User-Agent": browser(10_000_000 + i),
            "X-Forwarded-For": `10.8.0.${flooder}`,
          },
          body: JSON.stringify({
            p: `/flood-http-${i}?utm_campaign=x-${i}`,
            r: `https://spam-${i}.example/`,
          }),
        }).catch(() => null);
        await response?.arrayBuffer();
        const status = response?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // A 429 says when to come back; a flooder does not listen, but does not spin either.
        if (status === 429) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }),
  );
  return statuses;
}

/** A real visitor: a page every 6 s (as a quick reader opens them) from an address of their own, until `until`. */
async function visitorUntil(server: RunningServer, until: number) {
  let sent = 0;
  let counted = 0;
  while (Date.now() < until) {
    const response = await fetch(`${server.baseURL}/api/event`, {
      method: "POST",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        "User-Agent": browser(1),
        "X-Forwarded-For": "192.0.2.50",
      },
      body: JSON.stringify({ p: `/services/seo`, r: "" }),
    });
    await response.arrayBuffer();
    sent++;
    if (response.status === 204) counted++;
    await new Promise((resolve) => setTimeout(resolve, 6000));
  }
  return { sent, counted };
}

async function underFlood(server: RunningServer) {
  const cookie = await adminSessionCookie(server.baseURL);
  const today = new Date().toISOString().slice(0, 10);
  const until = Date.now() + FLOOD_SECONDS * 1000;
  const favicon: Timed = { times: [], failures: 0 };
  const flood = floodUntil(server, until);
  const visitor = visitorUntil(server, until);
  const pages: [string, string][] = [
    ["dashboard, today", `/admin/analytics?from=${today}&to=${today}`],
    ["dashboard, 30 days", "/admin/analytics?period=30d"],
    ["API, today", `/api/analytics?from=${today}&to=${today}`],
    ["API, 30 days", "/api/analytics?period=30d"],
  ];
  let reading = true;
  const files = (async () => {
    while (reading) {
      const timed = await timeRequests(server, "", "/favicon.ico", 1);
      favicon.times.push(...timed.times);
      favicon.failures += timed.failures;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const results: [string, Timed][] = [];
  for (const [label, page] of pages) results.push([label, await timeRequests(server, cookie, page, 10)]);
  reading = false;
  await files;
  const [statuses, seen] = await Promise.all([flood, visitor]);
  const line = (label: string, { times, failures }: Timed) =>
    `  ${label.padEnd(34)}${String(percentile(times, 50)).padStart(7)}${String(percentile(times, 99)).padStart(7)}${String(Math.round(Math.max(...times))).padStart(7)}${String(times.length).padStart(6)}${failures ? `  (${failures} failed)` : ""}`;
  console.log(`\nDuring a ${FLOOD_SECONDS} s HTTP flood from ${FLOODERS} addresses (ms):`);
  console.log(
    `  ${"".padEnd(34)}${"p50".padStart(7)}${"p99".padStart(7)}${"max".padStart(7)}${"n".padStart(6)}`,
  );
  for (const [label, timed] of results) console.log(line(label, timed));
  console.log(line("/favicon.ico meanwhile", favicon));
  const worst = Math.max(...results.map(([, timed]) => percentile(timed.times, 99)));
  console.log(
    `  goal: dashboard and API p99 ≤ 1 s: ${worst <= 1000 ? "met" : "NOT met"} (${number(worst)} ms)`,
  );
  console.log(`  goal: favicon p99 ≤ 50 ms: ${percentile(favicon.times, 99) <= 50 ? "met" : "NOT met"}`);
  console.log(
    `  flood answers: ${[...statuses].map(([status, count]) => `${number(count)} × ${status}`).join(", ")}`,
  );
  console.log(
    `  the real visitor: ${seen.counted} of ${seen.sent} beacons counted: ${seen.counted > 0 ? "got through" : "CROWDED OUT"}`,
  );
  const health = (await (await fetch(`${server.baseURL}/healthz`)).json()) as { eventLoop?: unknown };
  console.log(`  /healthz event loop: ${JSON.stringify(health.eventLoop ?? "not reported")}`);
}

/** Makes the day yesterday's and runs the hourly roll-up in this process, timing it and the event loop. */
async function rollUp(databasePath: string) {
  const db = new Database(databasePath);
  const tables = new Set(
    db
      .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
      .all()
      .map((row) => row.name),
  );
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (const table of ["visits", "page_views", "page_vitals", "analytics_live", "vitals_live"])
    if (tables.has(table)) db.prepare(`update ${table} set day = ?`).run(yesterday);
  db.close();
  const { analyticsTask, forgetSalt } = await import("../../app/features/analytics/index.server");
  forgetSalt();
  // The longest gap between turns of the event loop while the roll-up runs, probed every 5 ms.
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await analyticsTask.run();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  console.log(
    `\nThe roll-up of the day: ${number(took)} ms, the event loop's longest gap ${number(longest)} ms`,
  );
}

const server = await startServer({ LOG_LEVEL: "warn", RATE_LIMIT_FACTOR: "1" }, { atRest: true });
const databasePath = server.databasePath;
await server.stop();
try {
  console.log(`A day at the beacon cap${FRACTION === 1 ? "" : ` (${FRACTION} of it)`}:`);
  await writeTheDay(databasePath);
  const { closeDb } = await import("../../app/platform/db.server");
  closeDb();
  // Not at rest: when its start's analytics task runs is the first figure here.
  const running = await startServer({
    DATABASE_PATH: databasePath,
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "1",
  });
  try {
    // The server's analytics task runs at its start (rolling up, pruning raw rows): storage after it.
    const started = performance.now();
    for (;;) {
      const health = (await (await fetch(`${running.baseURL}/healthz`)).json()) as {
        tasks?: Record<string, { runs: number }>;
      };
      if ((health.tasks?.analytics?.runs ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(
      `The server's first analytics task ran within ${number(performance.now() - started)} ms of its start`,
    );
    console.log(`The day's storage: ${storageMb(databasePath).toFixed(1)} MB (goal ≤ 100 MB)`);
    await underFlood(running);
  } finally {
    await running.stop();
  }
  await rollUp(databasePath);
  closeDb();
  console.log(`The storage after the roll-up: ${storageMb(databasePath).toFixed(1)} MB`);
} finally {
  rmSync(path.dirname(databasePath), { recursive: true, force: true });
}
