// The case studies' lists with a portfolio far past an agency's: BENCH_STUDIES published studies
// (5,000) each with a write-up of BENCH_WRITE_UP_KB (100 kB), BENCH_TRANSLATED of them (1,000) in Irish
// too, and BENCH_POSTS published posts (5,000) of the same size, written straight into a copy of the
// template's database; then, against the production build (npm run build first; run as
// `node scripts/project-node.mjs tsx scripts/measure/bench-work-list.ts`):
// - the server's start: how long until it listens, its memory then and at its peak while it starts;
// - each public list once, cold (a study hidden and shown again first, so nothing is kept from the
//   start): /work, /work?category=, /ga/work, GET /api/work, GET /api/work?lang=ga, the home page, a
//   service, the sitemap, llms.txt; and the admin's list of case studies;
// - BENCH_CLIENTS staff clients at once for BENCH_SECONDS on GET /api/work and GET /api/work?lang=ga
//   (never cached), with /healthz meanwhile.
// Printed: each cold answer's time, size and status; the staff answers' p50/p99; the server's memory
// (resident, peak) at the start and the end.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

import { adminSessionCookie, postForm, startServer } from "../lib/start-server";

const STUDIES = Number(process.env.BENCH_STUDIES ?? 5000);
const WRITE_UP_KB = Number(process.env.BENCH_WRITE_UP_KB ?? 100);
const TRANSLATED = Number(process.env.BENCH_TRANSLATED ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POSTS = Number(process.env.BENCH_POSTS ?? 5000);

const template = process.env.E2E_TEMPLATE_DIR;
if (!template)
  throw new Error("E2E_TEMPLATE_DIR: run `npx tsx scripts/make-template.ts` and export its last line");
const dir = mkdtempSync(path.join(tmpdir(), "bench-work-list-"));
cpSync(template, dir, { recursive: true });
const databasePath = path.join(dir, "app.db");

{
  const db = new Database(databasePath);
  const started = performance.now();
  db.prepare(
    "insert or replace into language_settings (id, default_language, languages) values (1, 'en', ?)",
  ).run(JSON.stringify(["en", "ga"]));
  // Each a copy of the first seeded study under its own id, address, place and write-up.
  const columns = (db.prepare("pragma table_info(case_studies)").all() as { name: string }[]).map(
    (c) => c.name,
  );
  const made: Record<string, string> = {
    id: "'bench-' || n",
    slug: "'bench-study-' || n",
    title: "'Bench study ' || n",
    body: `'<p>' || replace(hex(zeroblob(${WRITE_UP_KB * 512})), '0', 'a') || '</p>'`,
    position: "-n",
    // A chosen cover: no artwork to draw for each while the lists are timed.
    cover_image: "'/uploads/bench-cover.jpg'",
    status: "'published'",
    deleted_at: "null",
    unpublish_at: "null",
    ended_at: "null",
  };
  db.exec(`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${STUDIES})
    insert into case_studies (${columns.join(", ")})
    select ${columns.map((c) => made[c] ?? c).join(", ")} from seq, (select * from case_studies limit 1)`);
  const translationColumns = (
    db.prepare("pragma table_info(case_study_translations)").all() as { name: string }[]
  ).map((c) => c.name);
  const source = db.prepare("select * from case_studies where id = 'bench-1'").get() as Record<
    string,
    unknown
  >;
  const translated: Record<string, string> = {
    id: "'bench-ga-' || n",
    case_study_id: "'bench-' || n",
    lang: "'ga'",
    title: "'Staidéar ' || n",
    slug: "'staidear-' || n",
    category: "'Gnó'",
    excerpt: "'Achoimre.'",
    challenge: "''",
    body: `'<p>' || replace(hex(zeroblob(${WRITE_UP_KB * 512})), '0', 'b') || '</p>'`,
    outcome: "''",
    cover_alt: "null",
    metric_labels: "'[]'",
    tags: "'[]'",
    seo_title: "null",
    seo_description: "null",
    status: "'published'",
    source_updated_at: String(source.updated_at),
    published_at: String(source.created_at),
    created_at: String(source.created_at),
    updated_at: String(source.updated_at),
  };
  db.exec(`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${TRANSLATED})
    insert into case_study_translations (${translationColumns.join(", ")})
    select ${translationColumns.map((c) => translated[c] ?? "null").join(", ")} from seq`);
  // /ga/work is there once the portfolio's own words are in Irish (here, the English ones).
  db.prepare(
    `insert or replace into page_translations (page_key, lang, published, published_at, source_published_at)
     select key, 'ga', published, published_at, published_at from page_copy where key = 'work'`,
  ).run();
  // Each post a copy of the first seeded one under its own id, address and body, with a chosen cover.
  const postColumns = (db.prepare("pragma table_info(posts)").all() as { name: string }[]).map((c) => c.name);
  const post: Record<string, string> = {
    id: "'bench-post-' || n",
    slug: "'bench-post-' || n",
    title: "'Bench post ' || n",
    content: `'<p>' || replace(hex(zeroblob(${WRITE_UP_KB * 512})), '0', 'c') || '</p>'`,
    cover_image: "'/uploads/bench-cover.jpg'",
    status: "'published'",
    deleted_at: "null",
    publish_at: "null",
    unpublish_at: "null",
    ended_at: "null",
    created_at: "created_at - n",
  };
  db.exec(`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${POSTS})
    insert into posts (${postColumns.join(", ")})
    select ${postColumns.map((c) => post[c] ?? c).join(", ")} from seq, (select * from posts limit 1)`);
  const size = (db.prepare("select sum(length(body)) n from case_studies").get() as { n: number }).n;
  db.close();
  console.log(
    `${STUDIES} studies of ${WRITE_UP_KB} kB (${Math.round(size / 1e6)} MB of write-ups), ${TRANSLATED} in Irish, ${POSTS} posts, written in ${Math.round(performance.now() - started)} ms`,
  );
}

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return `RSS ${Math.round(kb("VmRSS") / 1024)} MB, peak ${Math.round(kb("VmHWM") / 1024)} MB`;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

// Not at rest: the cards of thousands of studies are drawn in the background for minutes, as after
// any restart of such a site; how long it took to listen is a figure of its own.
const starting = performance.now();
const server = await startServer(
  { DATABASE_PATH: databasePath, UPLOADS_DIR: path.join(dir, "uploads") },
  { startSeconds: 300 },
);
try {
  console.log(
    `listening ${Math.round((performance.now() - starting) / 1000)} s after its start: ${memory(server.pid)}`,
  );
  const cookie = await adminSessionCookie(server.baseURL);
  // The pages the start rendered are dropped: each list below is read cold.
  for (const intent of ["hide", "show"])
    await postForm(server.baseURL, "/admin/case-studies", cookie, { id: "bench-1", intent });
  const timed = async (target: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const answer = await fetch(`${server.baseURL}${target}`, { headers });
    const bytes = (await answer.arrayBuffer()).byteLength;
    return { ms: Math.round(performance.now() - started), status: answer.status, bytes };
  };
  for (const target of [
    "/work",
    // A category of a few seeded studies, and the copied study's (every bench study's).
    "/work?category=Retail",
    "/work?category=International%20Expansion",
    "/work?show=12",
    "/ga/work",
    "/api/work",
    "/api/work?lang=ga",
    "/",
    // Credited by the copied study: every bench study is its proof.
    "/services/seo",
    "/sitemap.xml",
    "/llms.txt",
  ]) {
    // /healthz asked meanwhile: how long the answer held the loop from everyone else.
    let answered = false;
    let healthWorst = 0;
    const watch = async () => {
      while (!answered) {
        healthWorst = Math.max(healthWorst, (await timed("/healthz")).ms);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const watching = watch();
    const { ms, status, bytes } = await timed(target).finally(() => (answered = true));
    await watching;
    console.log(
      `cold ${target}: ${status} in ${ms} ms, ${Math.round(bytes / 1024)} kB; /healthz worst ${healthWorst} ms`,
    );
  }
  for (const target of ["/admin/case-studies", "/admin/case-studies?problems", "/admin/case-studies?new"]) {
    const { ms, status, bytes } = await timed(target, { Cookie: cookie });
    console.log(`staff ${target}: ${status} in ${ms} ms, ${Math.round(bytes / 1024)} kB`);
  }
  console.log(`after the cold lists: ${memory(server.pid)}`);

  for (const target of ["/api/work", "/api/work?lang=ga"]) {
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let healthWorst = 0;
    const until = Date.now() + SECONDS * 1000;
    const client = async () => {
      while (Date.now() < until) {
        const { ms, status } = await timed(target, { Cookie: cookie });
        times.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const watch = async () => {
      while (Date.now() < until) {
        healthWorst = Math.max(healthWorst, (await timed("/healthz")).ms);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, client), watch()]);
    times.sort((a, b) => a - b);
    console.log(
      `staff GET ${target} × ${CLIENTS} for ${SECONDS} s: ${times.length} answers (${[...statuses].map(([s, n]) => `${n}×${s}`).join(", ")}), p50 ${percentile(times, 50)} ms, p99 ${percentile(times, 99)} ms; /healthz worst ${healthWorst} ms; ${memory(server.pid)}`,
    );
  }
} finally {
  await server.stop();
  // BENCH_KEEP: the data folder stays, for looking into the database afterwards.
  if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
