// A beacon flood against the analytics (`npm run bench:analytics-flood`):
// 1. 20,000 beacons, each with its own path, campaign and referrer, from 2,000 addresses, at the real
//    beacon limits (RATE_LIMIT_FACTOR=1): how many are stored.
// 2. The same flood with the limits out of the way (the bench servers' RATE_LIMIT_FACTOR=1000), so all
//    of it is stored, the worst case for the report: the owner's dashboard timed while /favicon.ico is
//    fetched alongside, once with the flood raw (today) and once rolled up (the flood moved to
//    yesterday, rolled up at start).
// Goal: the dashboard well under 1.5 s while the static file keeps answering. Figures only, no test.
import { rmSync } from "node:fs";
import path from "node:path";

import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";

import { addDays, dublinDay } from "../../app/platform/text/dublin-time";
import { percentile } from "../lib/percentile";
import { adminSessionCookie, type RunningServer, startServer } from "../lib/start-server";

const BEACONS = Number(process.env.BENCH_BEACONS ?? 20_000);
const ADDRESSES = 2_000;
const PERSON =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** Sends the flood; the answers' statuses counted. */
async function flood(server: RunningServer) {
  let n = 0;
  const started = performance.now();
  const result = (await autocannon({
    url: `${server.baseURL}/api/event`,
    connections: 20,
    amount: BEACONS,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const i = n++;
          const address = i % ADDRESSES;
          return {
            ...request,
            headers: {
              "Content-Type": "text/plain;charset=UTF-8",
              "User-Agent": PERSON,
              Origin: server.baseURL,
              "X-Forwarded-For": `10.7.${address >> 8}.${address & 255}`,
            },
            body: JSON.stringify({
              p: `/flood-${i}?utm_source=flood&utm_medium=spam&utm_campaign=flood-${i}`,
              r: `https://spam-${i}.example/`,
            }),
          };
        },
      },
    ],
  })) as Result;
  const seconds = (performance.now() - started) / 1000;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count = 0 }]) => `${count.toLocaleString("en-IE")} × ${code}`)
    .join(", ");
  console.log(
    `  ${BEACONS.toLocaleString("en-IE")} beacons in ${seconds.toFixed(1)} s: ${statuses}; p99 ${result.latency.p99} ms`,
  );
}

function storedToday(databasePath: string) {
  const db = new Database(databasePath, { readonly: true });
  const row = db
    .prepare("select count(*) as visits, count(distinct campaign) as campaigns from visits")
    .get() as { visits: number; campaigns: number };
  db.close();
  return row;
}

/** The dashboard `runs` times in a row while /favicon.ico is fetched over and over beside it. */
async function dashboardBesideStatic(server: RunningServer, cookie: string, page: string, runs = 8) {
  const pageTimes: number[] = [];
  const fileTimes: number[] = [];
  let busy = true;
  let fileFailures = 0;
  const files = (async () => {
    while (busy) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.baseURL}/favicon.ico`);
        await response.arrayBuffer();
        if (!response.ok) fileFailures++;
      } catch {
        fileFailures++;
      }
      fileTimes.push(performance.now() - started);
    }
  })();
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      const response = await fetch(server.baseURL + page, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) failures++;
    } catch {
      // The server gave up on the request (its timeout): a failure, timed all the same.
      failures++;
    }
    pageTimes.push(performance.now() - started);
  }
  busy = false;
  await files;
  const line = (label: string, times: number[]) =>
    `${label.padEnd(36)}${String(percentile(times, 50)).padStart(7)}${String(percentile(times, 99)).padStart(7)}${String(Math.round(Math.max(...times))).padStart(7)}${String(times.length).padStart(7)}`;
  console.log(`${line(page, pageTimes)}${failures ? `  (${failures} failed)` : ""}`);
  console.log(
    `${line("  /favicon.ico meanwhile", fileTimes)}${fileFailures ? `  (${fileFailures} failed)` : ""}`,
  );
  const goal = !failures && Math.max(...pageTimes) < 1500;
  console.log(`  goal: dashboard well under 1.5 s: ${goal ? "met" : "NOT met"}`);
}

const header = () =>
  console.log(
    `${"(ms)".padEnd(36)}${"p50".padStart(7)}${"p99".padStart(7)}${"max".padStart(7)}${"n".padStart(7)}`,
  );

async function withRealLimits() {
  console.log("At the real beacon limits (RATE_LIMIT_FACTOR=1):");
  const server = await startServer({ RATE_LIMIT_FACTOR: "1", LOG_LEVEL: "warn" });
  try {
    await flood(server);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stored = storedToday(server.databasePath);
    console.log(
      `  stored: ${stored.visits.toLocaleString("en-IE")} visits, ${stored.campaigns.toLocaleString("en-IE")} distinct campaigns`,
    );
  } finally {
    await server.stop();
  }
}

async function withLimitsOutOfTheWay() {
  console.log("\nWith the limits out of the way (RATE_LIMIT_FACTOR=1000), all of it stored:");
  let server = await startServer({ LOG_LEVEL: "warn" });
  const databasePath = server.databasePath;
  try {
    await flood(server);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stored = storedToday(databasePath);
    console.log(
      `  stored: ${stored.visits.toLocaleString("en-IE")} visits, ${stored.campaigns.toLocaleString("en-IE")} distinct campaigns`,
    );
    const cookie = await adminSessionCookie(server.baseURL);
    console.log("\nThe flood raw (today):");
    header();
    await dashboardBesideStatic(server, cookie, "/admin/analytics");
  } finally {
    await server.kill("SIGTERM");
  }

  // The flood becomes yesterday's: the server rolls it up as it starts.
  const db = new Database(databasePath);
  const yesterday = addDays(dublinDay(new Date()), -1);
  db.prepare("update visits set day = ?").run(yesterday);
  db.prepare("update page_views set day = ?").run(yesterday);
  db.close();
  server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: "info" });
  try {
    const reader = new Database(databasePath, { readonly: true });
    const { n } = reader.prepare("select count(*) as n from analytics_daily").get() as { n: number };
    reader.close();
    console.log(`\nThe flood rolled up (yesterday): analytics_daily has ${n.toLocaleString("en-IE")} rows`);
    const cookie = await adminSessionCookie(server.baseURL);
    header();
    await dashboardBesideStatic(server, cookie, "/admin/analytics");
    await dashboardBesideStatic(server, cookie, "/admin/analytics?period=365d");
  } finally {
    await server.stop();
    rmSync(path.dirname(databasePath), { recursive: true, force: true });
  }
}

await withRealLimits();
await withLimitsOutOfTheWay();
