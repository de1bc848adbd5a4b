// npm run loadtest: 60 s, 100 concurrent connections on loopback against the production build, split
// across public pages, blog search, a post and enquiries (rate limits raised with RATE_LIMIT_FACTOR).
// Prints requests/s, p50/p99 and errors per route, then checks the enquiries: every 201 has its row
// and no row lacks a 201. Exits 1 when any request failed or the rows disagree.
// Then a burst of 404s (every request a different missing address, as a scanner sends), and the
// server's resident memory throughout (VmRSS): idle once its start-up work is done (after its first
// start, and the measured run after a restart on the same folder), the peak under
// the load and the burst, and 10, 20 and 30 s after each, against the goals a 512 MB container needs.
//   LOADTEST_SECONDS=10 npm run loadtest   (a shorter run)
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";

import { percentile } from "../lib/percentile";
import { memoryOf, watchPeak } from "../lib/process-memory";
import { startServer } from "../lib/start-server";

const seconds = Number(process.env.LOADTEST_SECONDS ?? 60);
const notFoundSeconds = Math.min(seconds, 20);
/** Resident memory goals (MiB): idle, the peak under load, and 30 s after it. */
const GOALS = { idle: 200, peak: 512, after: 300 };
const MiB = 1024 * 1024;

/**
 * Enquiries from `connections` loops, each sending the next one as soon as the last is answered, for
 * `seconds`; at the end each loop finishes the request it has in flight, so every answer is counted.
 * (A load tool that drops in-flight requests when time is up would leave rows nobody saw a 201 for.)
 */
async function sendEnquiries(baseURL: string, connections: number, seconds: number) {
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sequence = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const n = sequence++;
        const started = performance.now();
        try {
          const response = await fetch(`${baseURL}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: baseURL },
            body: JSON.stringify({
              name: `Load Test ${n}`,
              email: `load-${n}@example.ie`,
              budget: "10k-25k",
              goals: `Enquiry ${n} sent by the load test.`,
            }),
          });
          const body = await response.text();
          latencies.push(performance.now() - started);
          if (response.status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
          else non2xx++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { acknowledged, latencies, errors, non2xx };
}
/** The server's resident memory 10, 20 and 30 s from now (MiB). */
async function settling(pid: number): Promise<number[]> {
  const start = Date.now();
  const after: number[] = [];
  for (const at of [10, 20, 30]) {
    await sleep(Math.max(0, start + at * 1000 - Date.now()));
    after.push(memoryOf(pid).rss / MiB);
  }
  return after;
}

/** `connections` clients asking for missing addresses for `seconds`, each request a new one. */
async function notFoundBurst(baseURL: string, connections: number, seconds: number) {
  let n = 0;
  const paths = ["/no-such-page-", "/blog/no-such-post-", "/wp-admin/setup-config.php?step=", "/servces/se"];
  return (await autocannon({
    url: baseURL,
    duration: seconds,
    connections,
    requests: [{ setupRequest: (request) => ({ ...request, path: `${paths[n % paths.length]}${n++}` }) }],
  })) as Result;
}

// The server runs as the Docker image runs it: with the image's NODE_OPTIONS (its heap limit).
const imageNodeOptions = /^\s*NODE_OPTIONS=(\S+)/m.exec(readFileSync("Dockerfile", "utf8"))?.[1] ?? "";
const settings = { RATE_LIMIT_FACTOR: "10000000", LOG_LEVEL: "warn", NODE_OPTIONS: imageNodeOptions };
// The first start on an empty folder (seeded, every cover and social card drawn), then the site as
// it runs from then on: restarted on the same folder, as every deploy and restart does.
const first = await startServer(settings, { atRest: true });
await sleep(2000);
const firstIdle = memoryOf(first.pid).rss / MiB;
await first.kill("SIGTERM");
const dataFolder = path.dirname(first.databasePath);
const server = await startServer(
  {
    ...settings,
    DATABASE_PATH: first.databasePath,
    UPLOADS_DIR: first.uploadsDir,
  },
  { atRest: true },
);
const db = () => new Database(server.databasePath, { readonly: true });

try {
  await sleep(2000);
  const idle = memoryOf(server.pid).rss / MiB;
  const underLoad = watchPeak(server.pid);
  const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { slug: string }[];
  const enquiriesBefore = (db().prepare("select count(*) as n from enquiries").get() as { n: number }).n;

  const targets: { name: string; connections: number; options: Partial<autocannon.Options> }[] = [
    { name: "GET /", connections: 20, options: { url: server.baseURL + "/" } },
    { name: "GET /services/seo", connections: 15, options: { url: server.baseURL + "/services/seo" } },
    { name: "GET /work", connections: 10, options: { url: server.baseURL + "/work" } },
    { name: "GET /blog?q=seo", connections: 20, options: { url: server.baseURL + "/blog?q=seo" } },
    {
      name: `GET /blog/${posts[0]!.slug}`,
      connections: 15,
      options: { url: server.baseURL + `/blog/${posts[0]!.slug}` },
    },
  ];

  const enquiryConnections = 20;
  console.log(
    `Server: node server.ts with NODE_OPTIONS=${imageNodeOptions} (the Docker image's)\nLoad: ${seconds} s, ${targets.reduce((n, t) => n + t.connections, enquiryConnections)} connections against ${server.baseURL}\n`,
  );
  const [enquiries, ...results] = await Promise.all([
    sendEnquiries(server.baseURL, enquiryConnections, seconds),
    ...targets.map(
      (target) =>
        autocannon({
          url: server.baseURL,
          duration: seconds,
          connections: target.connections,
          ...target.options,
        }) as Promise<Result>,
    ),
  ]);
  const peak = underLoad.stop() / MiB;
  const { acknowledged } = enquiries;

  let failures = 0;
  console.log(
    `${"route".padEnd(44)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"non-2xx".padStart(9)}`,
  );
  for (const [i, result] of results.entries()) {
    const errors = result.errors + result.timeouts;
    failures += errors + result.non2xx;
    console.log(
      `${targets[i]!.name.padEnd(44)}${result.requests.average.toFixed(0).padStart(9)}${String(result.latency.p50).padStart(9)}${String(result.latency.p99).padStart(9)}${String(errors).padStart(8)}${String(result.non2xx).padStart(9)}`,
    );
  }
  failures += enquiries.errors + enquiries.non2xx;
  console.log(
    `${"POST /api/contact".padEnd(44)}${(enquiries.latencies.length / seconds).toFixed(0).padStart(9)}${String(percentile(enquiries.latencies, 50)).padStart(9)}${String(percentile(enquiries.latencies, 99)).padStart(9)}${String(enquiries.errors).padStart(8)}${String(enquiries.non2xx).padStart(9)}`,
  );
  const total = results.reduce((n, r) => n + r.requests.total, enquiries.latencies.length);
  console.log(
    `\n${total} requests, ${(total / seconds).toFixed(0)} req/s overall, ${failures} errors or non-2xx answers`,
  );

  // Every acknowledged enquiry is stored, and nothing is stored that was not acknowledged.
  const database = db();
  const rows = database.prepare("select id from enquiries where email like 'load-%@example.ie'").all() as {
    id: string;
  }[];
  const enquiriesAfter = (database.prepare("select count(*) as n from enquiries").get() as { n: number }).n;
  database.close();
  const stored = new Set(rows.map((r) => r.id));
  const missing = acknowledged.filter((id) => !stored.has(id)).length;
  const unacknowledged = rows.length - (acknowledged.length - missing);
  console.log(
    `enquiries: ${acknowledged.length} answered 201, ${enquiriesAfter - enquiriesBefore} rows added, ${missing} acknowledged but missing, ${unacknowledged} stored without a 201`,
  );
  if (
    failures > 0 ||
    missing > 0 ||
    unacknowledged !== 0 ||
    enquiriesAfter - enquiriesBefore !== acknowledged.length
  ) {
    process.exitCode = 1;
  }

  const afterLoad = await settling(server.pid);
  const beforeBurst = memoryOf(server.pid).rss / MiB;
  const duringBurst = watchPeak(server.pid);
  const burst = await notFoundBurst(server.baseURL, 20, notFoundSeconds);
  const burstPeak = duringBurst.stop() / MiB;
  const afterBurst = await settling(server.pid);
  const unexpected = burst.errors + burst.timeouts + burst.non2xx - burst["4xx"];
  console.log(
    `\n404 burst: ${notFoundSeconds} s, 20 connections, ${burst.requests.total} missing addresses (${burst.requests.average.toFixed(0)} req/s, p99 ${burst.latency.p99} ms), ${unexpected} errors or answers other than 404`,
  );
  if (unexpected > 0) process.exitCode = 1;

  const mib = (value: number) => value.toFixed(0).padStart(6);
  const goal = (value: number, limit: number) =>
    `${mib(value)}  (goal ≤ ${limit}: ${value <= limit ? "met" : "NOT met"})`;
  console.log(`\nServer resident memory (VmRSS, MiB):`);
  console.log(`  idle, first start     ${mib(firstIdle)}  (every cover and card drawn)`);
  console.log(`  idle after a restart  ${goal(idle, GOALS.idle)}`);
  console.log(`  peak under load       ${goal(peak, GOALS.peak)}`);
  console.log(
    `  after +10/+20/+30 s   ${afterLoad.slice(0, 2).map(mib).join("")}${goal(afterLoad[2]!, GOALS.after)}`,
  );
  console.log(`  before the 404 burst  ${mib(beforeBurst)}`);
  console.log(`  peak during it        ${goal(burstPeak, GOALS.peak)}`);
  console.log(
    `  after +10/+20/+30 s   ${afterBurst.slice(0, 2).map(mib).join("")}${goal(afterBurst[2]!, GOALS.after)}`,
  );
} finally {
  await server.stop();
  rmSync(dataFolder, { recursive: true, force: true });
}
