import { eq } from "drizzle-orm";

import { type Job, jobs, newsletterSends } from "#db/schema";
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

import { findSubscriber } from "./newsletter.server";
import { type NewsletterTemplate, personalize } from "./newsletter-mail.server";

const TICK_MS = 1000;

/** The rendered e-mail of each send, read once from the database. */
const templates = new Map<string, NewsletterTemplate | null>();
function templateOf(sendId: string): NewsletterTemplate | null {
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
    getDb().delete(jobs).where(eq(jobs.id, job.id)).run();
    return;
  }
  await sendMail(personalize(template, job.target), { pooled: true });
  markJobDone(job);
}

/**
 * Works through newsletter e-mails at NEWSLETTER_RATE_PER_MINUTE: each second, the second's share of the
 * rate is claimed (marked as being sent), handed to the mail server over a few pooled connections, and
 * recorded. A claim left by a crash is given up rather than sent twice (markInterruptedJobs); a stop
 * waits for the e-mails in hand. Returns the stop.
 */
export function startNewsletterSender(): () => Promise<void> {
  const interrupted = markInterruptedJobs("newsletter");
  if (interrupted)
    log.warn(
      `${interrupted} newsletter e-mails were being sent when the site stopped; they are marked failed`,
    );
  let credit = 0;
  let inHand: Promise<unknown> | undefined;
  const tick = () => {
    if (inHand || !getEnv().SMTP_URL) return;
    const perTick = (getEnv().NEWSLETTER_RATE_PER_MINUTE * TICK_MS) / 60_000;
    credit = Math.min(credit + perTick, Math.max(1, perTick));
    const batch = dueJobs(["newsletter"], Math.floor(credit));
    if (batch.length === 0) return;
    credit -= batch.length;
    claimJobs(batch.map((job) => job.id));
    inHand = Promise.all(
      batch.map((job) =>
        deliver(job).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          markJobFailed(job, reason);
          log.error(`Newsletter e-mail ${job.id} failed: ${reason}`);
        }),
      ),
    ).finally(() => (inHand = undefined));
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inHand;
    closeMailConnections();
  };
}
