import { eq } from "drizzle-orm";

import { type Job, newsletterSends } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import {
  claimJobs,
  dueJobs,
  markInterruptedJobs,
  markJobDone,
  markJobFailed,
} from "~/platform/jobs/job-queue.server";
import { log } from "~/platform/log.server";
import { closeMailConnections, sendMail } from "~/platform/mail/mail.server";
import type { Task } from "~/platform/tasks.server";

import { findSubscriber } from "./newsletter.server";
import { type NewsletterTemplate, personalize } from "./newsletter-mail.server";
import { dropUnsentCopies, resumeQueueing } from "./newsletter-send.server";

const TICK_MS = 1000;

/** The rendered e-mail of each send, read once from the database. */
const templates = new Map<string, NewsletterTemplate | null>();
function templateOf(sendId: string): NewsletterTemplate | null {
  // Asked for every e-mail: a send deleted with its post since its e-mail was read sends no more.
  const kept = getDb()
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(eq(newsletterSends.id, sendId))
    .get();
  if (!kept) {
    templates.delete(sendId);
    return null;
  }
  if (!templates.has(sendId)) {
    if (templates.size > 20) templates.clear();
    const send = getDb()
      .select({ subject: newsletterSends.subject, html: newsletterSends.html, text: newsletterSends.text })
      .from(newsletterSends)
      .where(eq(newsletterSends.id, sendId))
      .get();
    templates.set(sendId, send ?? null);
  }
  return templates.get(sendId)!;
}

/**
 * One subscriber's copy of a send. A copy whose address is no longer confirmed, or whose send went with
 * its post, is dropped instead.
 */
async function deliver(job: Job): Promise<void> {
  const template = job.batch ? templateOf(job.batch) : null;
  if (!template || findSubscriber(job.target)?.status !== "confirmed") {
    getDb().transaction((tx) => dropUnsentCopies(tx, job.target, job.id));
    return;
  }
  await sendMail(personalize(template, job.target), { pooled: true });
  markJobDone(job);
}

let credit = 0;
let lastTick = 0;

/** Sends this moment's share of the rate (marked as being sent first), and records each. */
async function sendDue() {
  const now = Date.now();
  const elapsed = lastTick ? now - lastTick : TICK_MS;
  lastTick = now;
  // Without e-mail too: a send's queued copies wait in the Outbox.
  resumeQueueing();
  if (!getEnv().SMTP_URL) return;
  const share = (getEnv().NEWSLETTER_RATE_PER_MINUTE * elapsed) / 60_000;
  credit = Math.min(credit + share, Math.max(1, share));
  const batch = dueJobs(["newsletter"], Math.floor(credit));
  if (batch.length === 0) return;
  credit -= batch.length;
  claimJobs(batch.map((job) => job.id));
  await Promise.all(
    batch.map((job) =>
      deliver(job).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        markJobFailed(job, reason);
        log.error(`Newsletter e-mail ${job.id} failed: ${reason}`);
      }),
    ),
  );
}

/**
 * Works through newsletter e-mails at NEWSLETTER_RATE_PER_MINUTE, a second's share at a time, over a
 * few pooled connections. A claim left by a crash is given up rather than sent twice
 * (markInterruptedJobs); a stop waits for the e-mails in hand.
 */
export const newsletterTask: Task = {
  name: "newsletter",
  label: "Sends newsletters at their pace",
  every: TICK_MS,
  start: () => {
    credit = 0;
    lastTick = 0;
    const interrupted = markInterruptedJobs("newsletter");
    if (interrupted)
      log.warn(
        `${interrupted} newsletter e-mails were being sent when the site stopped; they are marked failed`,
      );
  },
  run: sendDue,
  stop: closeMailConnections,
};
