// The newsletter figure (`npm run bench:newsletter`): a post sent to 5,000 confirmed
// subscribers through a real local SMTP server at NEWSLETTER_RATE_PER_MINUTE, with the server stopped
// halfway (SIGTERM, as a deploy or `docker stop` does; BENCH_KILL=SIGKILL for a crash) and started again
// on the same database. Prints the time, the deliveries, duplicates, unsubscribe links and peak memory.
// It also prints how long a visitor's requests waited while the send was being queued.
// Figures only: nothing here is a test.
//   BENCH_SUBSCRIBERS=5000 BENCH_RATE=6000 BENCH_KILL=SIGTERM npm run bench:newsletter
//   BENCH_SUBSCRIBERS=37500 BENCH_QUEUE_ONLY=1 npm run bench:newsletter   (the queueing alone)
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";

import Database from "better-sqlite3";

import { memoryOf } from "../lib/process-memory";
import { startSmtpCatcher } from "../lib/smtp-catcher";
import { adminSessionCookie, type RunningServer, startServer } from "../lib/start-server";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 6000);
const KILL = (process.env.BENCH_KILL ?? "SIGTERM") as NodeJS.Signals;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Starts the process's peak resident set afresh (start-up's artwork and page warm-up are not the send's). */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not allowed here: the peak then includes start-up.
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const smtp = await startSmtpCatcher();
const env = {
  SMTP_URL: smtp.url,
  ENQUIRY_NOTIFY_TO: "team@example.ie",
  NEWSLETTER_RATE_PER_MINUTE: String(RATE),
};
const first = await startServer(env, { atRest: true });
let second: RunningServer | undefined;
const db = new Database(first.databasePath);
db.pragma("busy_timeout = 5000");

try {
  const insert = db.prepare(
    "insert into newsletter_subscribers (id, email, status, confirmed_at) values (?, ?, 'confirmed', ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < SUBSCRIBERS; i++)
      insert.run(randomUUID(), `reader-${i}@bench.example.ie`, Date.now());
  })();
  const post = db.prepare("select id, title from posts where status = 'published' limit 1").get() as {
    id: string;
    title: string;
  };

  // A fresh site draws its artwork at start (sharp, in the background): let it finish first.
  await sleep(Number(process.env.BENCH_SETTLE_MS ?? 8000));
  const idle = memoryOf(first.pid).rss;
  resetPeak(first.pid);
  const started = Date.now();
  const cookie = await adminSessionCookie(first.baseURL);
  // A visitor's requests while the send is queued: the longest wait is how long queueing held the site.
  let queueing = true;
  const waits: number[] = [];
  const visitor = (async () => {
    while (queueing) {
      const asked = performance.now();
      await fetch(`${first.baseURL}/healthz`).then((r) => r.arrayBuffer());
      waits.push(performance.now() - asked);
    }
  })();
  const send = await fetch(`${first.baseURL}/admin/posts/${post.id}/newsletter`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: first.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=send&confirm=yes&content=full",
  });
  const queuedIn = Date.now() - started;
  queueing = false;
  await visitor;
  const batch = db.prepare("select id, recipients from newsletter_sends where post_id = ?").get(post.id) as
    { id: string; recipients: number } | undefined;
  if (send.status !== 200 || !batch) throw new Error(`Sending answered ${send.status}`);
  console.log(
    `Queued "${post.title}" for ${batch.recipients} subscribers in ${queuedIn} ms (rate ${RATE}/min)`,
  );
  waits.sort((a, b) => a - b);
  console.log(
    `  a visitor meanwhile: ${waits.length} requests, p50 ${waits[Math.floor(waits.length / 2)]?.toFixed(0)} ms, longest ${waits.at(-1)?.toFixed(0)} ms`,
  );

  if (!process.env.BENCH_QUEUE_ONLY) await deliverWithARestart(batch.id, started, idle);
} finally {
  db.close();
  await second?.stop();
  await first.stop();
  await smtp.close();
}

/** Waits for half the deliveries, stops the server, starts it again and waits for the rest. */
async function deliverWithARestart(batchId: string, started: number, idle: number) {
  const progress = () =>
    db
      .prepare(
        `select count(done_at) as sent, sum(done_at is null and attempts >= 10) as failed, count(*) as total
         from jobs where batch = ?`,
      )
      .get(batchId) as { sent: number; failed: number; total: number };

  while (smtp.mails.length < SUBSCRIBERS / 2) await sleep(50);
  const firstPeak = memoryOf(first.pid).peak;
  const beforeKill = smtp.mails.length;
  await first.kill(KILL);
  console.log(`${KILL} after ${beforeKill} deliveries (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const restartAt = Date.now();
  // Not at rest: how long the site is down is the figure here, and the sending resumes at once.
  second = await startServer({ ...env, DATABASE_PATH: first.databasePath, UPLOADS_DIR: first.uploadsDir });
  const downFor = Date.now() - restartAt;
  const restartedIdle = memoryOf(second.pid).rss;
  resetPeak(second.pid);
  for (;;) {
    const now = progress();
    if (now.sent + now.failed >= now.total) break;
    await sleep(100);
  }
  const elapsed = (Date.now() - started) / 1000;
  const secondPeak = memoryOf(second.pid).peak;
  await sleep(500);

  const recipients = smtp.mails.flatMap((m) => m.to);
  const distinct = new Set(recipients);
  const tokens = new Set(
    smtp.mails.map((m) => /newsletter\/unsubscribe\?token=([\w-]+)/.exec(m.raw.replace(/=\r?\n/g, ""))?.[1]),
  );
  tokens.delete(undefined);
  const final = progress();
  console.log(
    [
      `Sent ${final.sent} of ${final.total} in ${elapsed.toFixed(1)} s (restart took ${(downFor / 1000).toFixed(1)} s)`,
      `  rate: ${((final.sent / elapsed) * 60).toFixed(0)} a minute overall (configured ${RATE})`,
      `  deliveries: ${recipients.length}, distinct addresses: ${distinct.size}, duplicates: ${recipients.length - distinct.size}`,
      `  own unsubscribe links: ${tokens.size}`,
      `  given up (in the mail server's hands when the process died, not resent): ${final.failed ?? 0}`,
      `  server memory while sending (peak resident set): ${mb(firstPeak)} (idle before: ${mb(idle)}); after the restart ${mb(secondPeak)} (idle: ${mb(restartedIdle)})`,
    ].join("\n"),
  );
}
