// npm run bench: throughput and latency of the production server on loopback (autocannon, 10 s per
// target), beside express.static serving the same HTML bytes (the ceiling); the cached pages under
// cache-busting traffic (a visitor's cookie, unknown query parameters, a stream of sign-ups); then
// the blog's p99 at ~10 posts vs 10,000 posts; then the analytics beacon and dashboard
// (bench-analytics.ts). Figures only: goals are printed next to them, nothing
// here is a test.
//   BENCH_SECONDS=3 npm run bench   (a quicker, noisier run)
//   BENCH_SIGNUPS=119 npm run bench (newsletter sign-ups per second during the sign-up run)
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { benchAnalytics } from "./bench-analytics";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const signupsPerSecond = Number(process.env.BENCH_SIGNUPS ?? 100);
const connections = 20;

const run = (url: string, headers: Record<string, string> = {}) =>
  autocannon({ url, duration: seconds, connections, headers }) as Promise<Result>;
let serial = 0;
/** Every request with a query parameter no page reads, new each time (a cache-buster, a campaign tag). */
const runBusted = (url: string) =>
  autocannon({
    url,
    duration: seconds,
    connections,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `${request.path}${request.path!.includes("?") ? "&" : "?"}utm_source=bench&n=${serial++}`,
        }),
      },
    ],
  }) as Promise<Result>;
/** Newsletter sign-ups through the blog's form, each with a new address, at `rate` per second. */
const runSignups = (baseURL: string, rate: number, duration: number) =>
  autocannon({
    url: `${baseURL}/blog`,
    duration,
    connections: 4,
    overallRate: rate,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
        setupRequest: (request) => ({
          ...request,
          body: `intent=subscribe&email=bench-${serial++}%40example.ie`,
        }),
      },
    ],
  }) as Promise<Result>;
const fmt = (n: number, width = 9) => n.toFixed(0).padStart(width);
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
/** A process's CPU so far, user and system, in seconds. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startCeiling(dir: string, port: number) {
  const child = spawn(process.execPath, ["scripts/lib/static-ceiling.mjs", dir, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return child;
}

const server = await startServer({ LOG_LEVEL: process.env.LOG_LEVEL ?? "info" }, { atRest: true });
const scratch = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
try {
  // The signed-in admin's requests are always rendered (they may show drafts): what a render costs.
  const admin = await adminSessionCookie(server.baseURL);
  const runRendered = (url: string, parallel = connections) =>
    autocannon({
      url,
      duration: seconds,
      connections: parallel,
      headers: { Cookie: admin },
    }) as Promise<Result>;
  const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { slug: string }[];
  const targets = [
    { name: "home", url: "/", kind: "static", goal: 0.8 },
    { name: "service", url: "/services/seo", kind: "static", goal: 0.8 },
    { name: "blog", url: "/blog", kind: "blog", goal: 0.3 },
    { name: "post", url: `/blog/${posts[0]!.slug}`, kind: "blog", goal: 0.3 },
  ];
  for (const target of targets) {
    writeFileSync(
      path.join(scratch, `${target.name}.html`),
      Buffer.from(await (await fetch(server.baseURL + target.url)).arrayBuffer()),
    );
  }
  const ceilingPort = Number(new URL(server.baseURL).port) + 1;
  const ceiling = await startCeiling(scratch, ceilingPort);

  console.log(`autocannon, ${seconds} s per target, ${connections} connections, loopback\n`);
  console.log("As visitors get them (static pages from memory, blog pages cached until the next write):");
  console.log(
    `${"page".padEnd(34)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"ceiling".padStart(9)}${"ratio".padStart(8)}  goal`,
  );
  try {
    for (const target of targets) {
      const site = await run(server.baseURL + target.url);
      const top = await run(`http://127.0.0.1:${ceilingPort}/${target.name}.html`);
      const ratio = site.requests.average / top.requests.average;
      const errors = site.errors + site.non2xx;
      console.log(
        `${`${target.url}`.slice(0, 33).padEnd(34)}${fmt(site.requests.average)}${fmt(site.latency.p50)}${fmt(site.latency.p99)}${fmt(top.requests.average)}${ratio.toFixed(2).padStart(8)}  ≥ ${target.goal}× ${ratio >= target.goal ? "met" : "NOT met"}${errors ? `  (${errors} errors)` : ""}`,
      );
    }

    // A page's style and scripts, as a browser asks for them: sent from memory, compressed by the build.
    console.log(`\nA page's files as a browser asks (Accept-Encoding: ${BROWSER_ENCODINGS}):`);
    console.log(
      `${"file".padEnd(34)}${"req/s".padStart(9)}${"p99 ms".padStart(9)}${"bytes".padStart(9)}${"CPU ms/req".padStart(12)}`,
    );
    const adminPage = await (
      await fetch(`${server.baseURL}/admin/posts`, { headers: { Cookie: admin } })
    ).text();
    const adminScripts = [...adminPage.matchAll(/"(\/assets\/[^"?\s]+\.js)"/g)].map((m) => m[1]!);
    const homePage = await (await fetch(server.baseURL)).text();
    const style = homePage.match(/"(\/assets\/[^"?\s]+\.css)"/)![1]!;
    for (const file of [style, ...new Set(adminScripts)].slice(0, 3)) {
      const before = cpuSeconds(server.pid);
      const answer = await run(server.baseURL + file, { "Accept-Encoding": BROWSER_ENCODINGS });
      const cpuPerRequest = ((cpuSeconds(server.pid) - before) * 1000) / answer.requests.total;
      console.log(
        `${file.slice(0, 33).padEnd(34)}${fmt(answer.requests.average)}${fmt(answer.latency.p99)}${fmt(answer.throughput.total / answer.requests.total)}${cpuPerRequest.toFixed(3).padStart(12)}`,
      );
    }

    // Each cached page alone, then under traffic meant to bypass or empty the cache; the goal is that
    // the cached pages keep at least half their throughput.
    console.log(
      `\nUnder cache-busting traffic (req/s alone → busted; goal ≥ 0.5×; sign-ups at ${signupsPerSecond}/s):`,
    );
    console.log(
      `${"page".padEnd(34)}${"traffic".padEnd(22)}${"alone".padStart(9)}${"busted".padStart(9)}${"ratio".padStart(8)}  goal`,
    );
    const busting: { name: string; run: (url: string) => Promise<Result & { note?: string }> }[] = [
      { name: "Cookie: a=1; _ga=…", run: (url) => run(url, { Cookie: "a=1; _ga=GA1.2.3.4" }) },
      { name: "?utm_source=…&n=<new>", run: runBusted },
      {
        name: "newsletter sign-ups",
        run: async (url) => {
          const [reads, signups] = await Promise.all([
            run(url),
            runSignups(server.baseURL, signupsPerSecond, seconds),
          ]);
          // A sign-up is answered with a redirect (303) to the page that thanks the reader.
          const failed = signups.errors + signups["4xx"] + signups["5xx"];
          return {
            ...reads,
            note: `${(signups.requests.average || 0).toFixed(0)} sign-ups/s${failed ? `, ${failed} failed` : ""}`,
          };
        },
      },
    ];
    for (const url of ["/", "/blog", `/blog/${posts[0]!.slug}`]) {
      for (const traffic of busting) {
        if (url === "/" && traffic.name === "newsletter sign-ups") continue;
        // Measured just before, so both figures see the same machine (other load drifts).
        const alone = await run(server.baseURL + url);
        const busted = await traffic.run(server.baseURL + url);
        const ratio = busted.requests.average / alone.requests.average;
        const errors = busted.errors + busted.non2xx;
        console.log(
          `${url.slice(0, 33).padEnd(34)}${traffic.name.padEnd(22)}${fmt(alone.requests.average)}${fmt(busted.requests.average)}${ratio.toFixed(2).padStart(8)}  ≥ 0.5× ${ratio >= 0.5 ? "met" : "NOT met"}${busted.note ? `  (${busted.note})` : ""}${errors ? `  (${errors} errors)` : ""}`,
        );
      }
    }

    console.log("\nRendered for every request (the signed-in admin's requests bypass the cache):");
    for (const target of targets.filter((t) => t.kind === "blog")) {
      const site = await runRendered(server.baseURL + target.url);
      console.log(
        `${target.url.slice(0, 33).padEnd(34)}${fmt(site.requests.average)}${fmt(site.latency.p50)}${fmt(site.latency.p99)}`,
      );
    }
  } finally {
    ceiling.kill();
  }

  // The blog at its seeded size, then with 10,000 more published posts in the same database.
  const blogTargets = ["/blog", "/blog?q=seo", "/blog?tag=SEO"];
  const p99s = async () => {
    const figures: number[] = [];
    // One connection: the time a request takes, without the queue in front of it.
    for (const url of blogTargets) figures.push((await runRendered(server.baseURL + url, 1)).latency.p99);
    return figures;
  };
  const small = await p99s();
  const db = new Database(server.databasePath);
  db.pragma("busy_timeout = 5000");
  const insertPost = db.prepare(
    "insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'published', ?, ?)",
  );
  const insertTag = db.prepare("insert into post_tags (post_id, tag) values (?, ?)");
  const topics = ["SEO", "PPC", "Social Media", "Content", "Analytics", "Web Design", "Email", "Branding"];
  const words =
    "growth dublin local search ranking brand content strategy leads campaign budget audience".split(" ");
  db.transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const id = randomUUID();
      const tags = [topics[i % topics.length]!, topics[(i * 7) % topics.length]!].filter(
        (t, j, all) => all.indexOf(t) === j,
      );
      const title = `${words[i % words.length]} ${words[(i * 3) % words.length]} notes ${i}`;
      const when = Date.now() - i * 3_600_000;
      insertPost.run(
        id,
        title,
        `bench-post-${i}`,
        `An excerpt about ${words[(i * 5) % words.length]} for post ${i}.`,
        `<p>${"Body text. ".repeat(200)}</p>`,
        JSON.stringify(tags),
        when,
        when,
      );
      for (const tag of tags) insertTag.run(id, tag);
    }
  })();
  // As a blog that grew over months would be: the write-ahead log checkpointed into the main file.
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  if (process.env.BENCH_KEEP_DB) execFileSync("cp", [server.databasePath, process.env.BENCH_KEEP_DB]);
  const large = await p99s();

  console.log(`\nRendered for every request, one connection, with ~10 and with 10,000 published posts:`);
  console.log(
    `${"blog p99 (ms)".padEnd(34)}${"~10".padStart(9)}${"10,000".padStart(9)}${"ratio".padStart(8)}  goal`,
  );
  for (const [i, url] of blogTargets.entries()) {
    const ratio = large[i]! / Math.max(small[i]!, 1);
    console.log(
      `${url.padEnd(34)}${fmt(small[i]!)}${fmt(large[i]!)}${ratio.toFixed(2).padStart(8)}  ≤ 1.5× ${ratio <= 1.5 ? "met" : "NOT met"}`,
    );
  }

  // The feed and the public API with 10,000 published posts: what one anonymous request costs.
  console.log(`\nFeed and API with 10,000 published posts (2 connections):`);
  console.log(
    `${"url".padEnd(34)}${"KB".padStart(9)}${"first ms".padStart(9)}${"req/s".padStart(9)}${"p99 ms".padStart(9)}`,
  );
  for (const url of ["/rss.xml", "/api/blog"]) {
    const started = performance.now();
    const bytes = (await (await fetch(server.baseURL + url)).arrayBuffer()).byteLength;
    const first = performance.now() - started;
    const site = (await autocannon({
      url: server.baseURL + url,
      duration: seconds,
      connections: 2,
    })) as Result;
    const errors = site.errors + site.non2xx + site.timeouts;
    console.log(
      `${url.padEnd(34)}${fmt(bytes / 1024)}${fmt(first)}${fmt(site.requests.average)}${fmt(site.latency.p99)}${errors ? `  (${errors} errors)` : ""}`,
    );
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log("\nAnalytics:");
await benchAnalytics();
