// npm run bench:backup: the off-site backup's figures (docs/decisions/031), with a `file://` replica.
//   1. Replication lag under load: 100 connections (80 on pages, 20 sending enquiries) for
//      BENCH_SECONDS (30); /healthz is read every 100 ms, and each enquiry's lag is the time from its
//      201 until the status says every change before that moment is in the replica. Goal p99 <= 5 s.
//      Then the server is killed (-9) and the replica restored: every acknowledged enquiry must be there.
//   2. Restore time of a database with 10,000 posts (`npm run db:restore`). Goal <= 30 s.
//   3. `npm run loadtest` with replication off and on (LOADTEST_SECONDS, 20 s here), side by side.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";

import { percentile } from "../lib/percentile";
import { type RunningServer, startServer } from "../lib/start-server";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const work = mkdtempSync(path.join(tmpdir(), "bench-backup-"));
const replicaEnv = (name: string) => ({ BACKUP_REPLICA_URL: `file://${path.join(work, name)}` });

const replicatedAt = async (server: RunningServer) => {
  const body = (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
    backup?: { replicatedAt: string | null };
  };
  return Date.parse(body.backup?.replicatedAt ?? "") || 0;
};

function restore(server: RunningServer, replica: string, output: string) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["build/db-restore.js", "--output", output], {
    encoding: "utf8",
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-session-secret-that-is-long-enough",
      DATABASE_PATH: server.databasePath,
      UPLOADS_DIR: server.uploadsDir,
      BACKUP_REPLICA_URL: replica,
    },
  });
  if (result.status !== 0) throw new Error(`db:restore failed: ${result.stdout}${result.stderr}`);
  return { ms: performance.now() - started, said: result.stdout.trim() };
}

async function lagUnderLoad() {
  const env = replicaEnv("lag");
  const server = await startServer(
    { ...env, RATE_LIMIT_FACTOR: "10000000", LOG_LEVEL: "warn" },
    { atRest: true },
  );
  try {
    const acknowledged: { id: string; at: number }[] = [];
    const polls: { at: number; replicatedAt: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const value = await replicatedAt(server).catch(() => 0);
        polls.push({ at: Date.now(), replicatedAt: value });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const until = Date.now() + seconds * 1000;
    let n = 0;
    const failures = new Map<string, number>();
    const fail = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
    const enquiries = Array.from({ length: 20 }, async () => {
      while (Date.now() < until) {
        const i = n++;
        try {
          const response = await fetch(`${server.baseURL}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: server.baseURL },
            body: JSON.stringify({
              name: `Lag ${i}`,
              email: `lag-${i}@example.ie`,
              budget: "10k-25k",
              goals: `Enquiry ${i} of the replication bench.`,
            }),
          });
          const body = await response.text();
          if (response.status === 201)
            acknowledged.push({ id: (JSON.parse(body) as { id: string }).id, at: Date.now() });
          else fail(`${response.status} ${body.slice(0, 80)}`);
        } catch (error) {
          fail(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error));
        }
      }
    });
    const pages = ["/", "/blog", "/blog?q=seo", "/services/seo"].map(
      (url) =>
        autocannon({ url: server.baseURL + url, duration: seconds, connections: 20 }) as Promise<Result>,
    );
    const [results] = await Promise.all([Promise.all(pages), Promise.all(enquiries)]);
    // Wait until the last enquiry is reported copied (or 30 s).
    const last = acknowledged.at(-1)?.at ?? Date.now();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (polls.at(-1)?.replicatedAt ?? 0) < last)
      await new Promise((r) => setTimeout(r, 100));
    polling = false;
    await poller;

    const lags: number[] = [];
    let unreported = 0;
    for (const write of acknowledged) {
      const seen = polls.find((p) => p.at >= write.at && p.replicatedAt >= write.at);
      if (seen) lags.push(seen.at - write.at);
      else unreported++;
    }
    const pageRequests = results.reduce((sum, r) => sum + r.requests.total, 0);
    console.log(
      `Replication lag under load (${seconds} s, 100 connections: 80 on pages, ${pageRequests} page requests; 20 sending enquiries, ${acknowledged.length} acknowledged, ${[...failures.values()].reduce((a, b) => a + b, 0)} failed${failures.size ? `: ${JSON.stringify(Object.fromEntries(failures))}` : ""}):`,
    );
    console.log(
      `  p50 ${(percentile(lags, 50) / 1000).toFixed(2)} s, p99 ${(percentile(lags, 99) / 1000).toFixed(2)} s, max ${(Math.max(...lags) / 1000).toFixed(2)} s; ${unreported} never reported copied  (goal: p99 <= 5 s)`,
    );

    // The drill: kill -9, restore the replica elsewhere, count.
    await server.kill("SIGKILL");
    const output = path.join(work, "lag-restored.db");
    const restored = restore(server, env.BACKUP_REPLICA_URL, output);
    const db = new Database(output, { readonly: true });
    const stored = new Set(
      (db.prepare("select id from enquiries").all() as { id: string }[]).map((r) => r.id),
    );
    db.close();
    const missing = acknowledged.filter((w) => !stored.has(w.id)).length;
    console.log(
      `  after kill -9: restored in ${(restored.ms / 1000).toFixed(1)} s, ${acknowledged.length - missing} of ${acknowledged.length} acknowledged enquiries there (${missing} missing)`,
    );
    return { p99: percentile(lags, 99), missing, unreported };
  } finally {
    await server.stop();
  }
}

async function restoreTenThousand() {
  const env = replicaEnv("large");
  const server = await startServer({ ...env, LOG_LEVEL: "warn" }, { atRest: true });
  try {
    const db = new Database(server.databasePath);
    db.pragma("busy_timeout = 5000");
    const insertPost = db.prepare(
      "insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'published', ?, ?)",
    );
    const insertTag = db.prepare("insert into post_tags (post_id, tag) values (?, ?)");
    // In batches of 500, as writes would come, so the replica holds WAL segments as well as a snapshot.
    for (let batch = 0; batch < 20; batch++) {
      db.transaction(() => {
        for (let i = batch * 500; i < (batch + 1) * 500; i++) {
          const id = randomUUID();
          const when = Date.now() - i * 3_600_000;
          insertPost.run(
            id,
            `Restore bench post ${i}`,
            `restore-bench-${i}`,
            `An excerpt for post ${i}.`,
            `<p>${"Body text of a restored post. ".repeat(150)}</p>`,
            JSON.stringify(["SEO"]),
            when,
            when,
          );
          insertTag.run(id, "SEO");
        }
      })();
    }
    db.close();
    const written = Date.now();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await replicatedAt(server)) < written)
      await new Promise((r) => setTimeout(r, 200));
    await server.kill("SIGTERM");
    const output = path.join(work, "large-restored.db");
    const restored = restore(server, env.BACKUP_REPLICA_URL, output);
    const check = new Database(output, { readonly: true });
    const posts = (check.prepare("select count(*) as n from posts").get() as { n: number }).n;
    check.close();
    const size = statSync(output).size / 1024 / 1024;
    console.log(
      `\nRestore of a ${size.toFixed(0)} MB database with ${posts} posts: ${(restored.ms / 1000).toFixed(1)} s  (goal: <= 30 s)`,
    );
    return restored.ms;
  } finally {
    await server.stop();
  }
}

function loadtest(label: string, extra: Record<string, string>) {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/measure/loadtest.ts"], {
    encoding: "utf8",
    env: { ...process.env, LOADTEST_SECONDS: process.env.LOADTEST_SECONDS ?? "20", ...extra },
  });
  console.log(`\nnpm run loadtest, replication ${label}:`);
  console.log(out.trim().replace(/^/gm, "  "));
}

try {
  const lag = await lagUnderLoad();
  const restoreMs = await restoreTenThousand();
  loadtest("off", {});
  loadtest("on", replicaEnv("loadtest"));
  const ok = lag.p99 <= 5000 && lag.missing === 0 && restoreMs <= 30_000;
  console.log(
    `\n${ok ? "Within" : "OUTSIDE"} the goals (lag p99 <= 5 s, nothing acknowledged lost, restore <= 30 s)`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
