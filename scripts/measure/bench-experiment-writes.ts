// The experiments' writes held for a sustained period: start an experiment on a page, stop it applying
// its variant (a published revision), again and again, from several staff clients at once, while
// visitors read the page under test. Prints the writes per second, their latency, the page's latency
// meanwhile, the server's memory, and checks that no page ever had two running experiments and that
// every apply wrote exactly one revision. There is no rate cap on staff writes: this measures the most
// the server takes. `npm run bench:experiment-writes` (builds first); BENCH_SECONDS (20), CLIENTS (4).
import { readFileSync } from "node:fs";

import Database from "better-sqlite3";

import { adminSessionCookie, startServer, startUpDone } from "../lib/start-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
// Two pages, so two staff clients race on each (one wins a start, the other gets 409).
const PAGES = ["about", "contact"] as const;
const FIELDS: Record<(typeof PAGES)[number], string> = { about: "hero.headline", contact: "heading" };
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

const server = await startServer({ LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
try {
  await startUpDone(server.baseURL);
  const cookie = await adminSessionCookie(server.baseURL);
  const post = (path: string, body: unknown) =>
    fetch(`${server.baseURL}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const db = new Database(server.databasePath, { readonly: true });
  const revisionsBefore = (db.prepare("select count(*) as n from page_revisions").get() as { n: number }).n;

  const writeMs: number[] = [];
  const readMs: number[] = [];
  const statuses = new Map<number, number>();
  let applied = 0;
  let doubleRunning = 0;
  let rssPeak = 0;
  const until = Date.now() + SECONDS * 1000;
  const timed = async (list: number[], work: () => Promise<Response>) => {
    const started = performance.now();
    const answer = await work();
    const text = await answer.text();
    list.push(performance.now() - started);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    return { status: answer.status, text };
  };
  let round = 0;
  const staff = async (client: number) => {
    while (Date.now() < until) {
      const page = PAGES[client % PAGES.length]!;
      const n = round++;
      const started = await timed(writeMs, () =>
        post("/api/experiments", { page, field: FIELDS[page], variants: [`Words tried ${n}`] }),
      );
      if (started.status !== 201) continue;
      const { id } = JSON.parse(started.text) as { id: number };
      const stopped = await timed(writeMs, () => post(`/api/experiments/${id}/stop`, { apply: "b" }));
      if (stopped.status === 200) applied++;
    }
  };
  const visitors = async (client: number) => {
    for (let n = 0; Date.now() < until; n++)
      await timed(readMs, () =>
        fetch(`${server.baseURL}/about`, {
          headers: {
            "User-Agent": `Mozilla/5.0 (bench ${client}-${n % 20})`,
            "X-Forwarded-For": `198.51.100.${client + 1}`,
          },
        }),
      );
  };
  const watch = setInterval(() => {
    const running = db
      .prepare(
        "select count(*) as n from experiments where status = 'running' group by page_key having n > 1",
      )
      .all();
    doubleRunning += running.length;
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
  }, 250);
  await Promise.all([
    ...Array.from({ length: CLIENTS }, (_, i) => staff(i)),
    ...Array.from({ length: 2 }, (_, i) => visitors(i)),
  ]);
  clearInterval(watch);
  const revisions =
    (db.prepare("select count(*) as n from page_revisions").get() as { n: number }).n - revisionsBefore;
  const centile = (list: number[], p: number) =>
    list.length
      ? [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!
      : 0;
  console.log(`Experiment writes for ${SECONDS} s, ${CLIENTS} staff clients and 2 visitors:`);
  console.log(
    `  writes: ${writeMs.length} (${(writeMs.length / SECONDS).toFixed(1)}/s), p50 ${centile(writeMs, 50).toFixed(1)} ms, p99 ${centile(writeMs, 99).toFixed(1)} ms`,
  );
  console.log(
    `  page under test meanwhile: ${readMs.length} answers, p50 ${centile(readMs, 50).toFixed(1)} ms, p99 ${centile(readMs, 99).toFixed(1)} ms`,
  );
  console.log(`  statuses: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(", ")}`);
  console.log(
    `  applied ${applied}, revisions written ${revisions} (${revisions === applied ? "one each" : "MISMATCH"})`,
  );
  console.log(
    `  a page with two running experiments: ${doubleRunning ? `${doubleRunning} times (BROKEN)` : "never"}`,
  );
  console.log(`  server memory peak: ${(rssPeak / 1024 / 1024).toFixed(0)} MB`);
  db.close();
} finally {
  await server.stop();
}
