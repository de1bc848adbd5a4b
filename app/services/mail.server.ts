import { and, asc, eq, isNull, lt, lte } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";

import { type Db, getDb } from "#db/client";
import { mailOutbox } from "#db/schema";
import { getEnv } from "~/env.server";
import { log } from "~/lib/log.server";

export type OutgoingMail = { to: string; replyTo?: string; subject: string; text: string; html: string };

/** Retry delays after the 1st, 2nd, ... failed attempt; after the last one the message is given up. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Alerts go out only when SMTP_URL and CONTACT_NOTIFY_TO are both set. */
export function mailConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.SMTP_URL && env.CONTACT_NOTIFY_TO);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Queues a message in the caller's transaction: it exists exactly when the thing it reports does. */
export function queueMail(tx: Tx | Db, mail: OutgoingMail) {
  tx.insert(mailOutbox).values(mail).run();
}

let transporter: { url: string; transport: Transporter } | undefined;
function transport(): Transporter {
  const url = new URL(getEnv().SMTP_URL!);
  // Short timeouts: a dead mail server must not hold messages (or shutdown) for minutes.
  for (const [key, ms] of [
    ["connectionTimeout", 10_000],
    ["greetingTimeout", 10_000],
    ["socketTimeout", 20_000],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  if (transporter?.url !== url.href)
    transporter = { url: url.href, transport: nodemailer.createTransport(url.href) };
  return transporter.transport;
}

let running: Promise<number> | undefined;

/** Sends every message that is due; returns how many went. Never throws: failures are logged and retried. */
export function deliverPendingMail(): Promise<number> {
  if (!getEnv().SMTP_URL) return Promise.resolve(0);
  running ??= deliver().finally(() => (running = undefined));
  return running;
}

async function deliver(): Promise<number> {
  const db = getDb();
  const due = db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, new Date()),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(20)
    .all();
  let sent = 0;
  for (const mail of due) {
    try {
      await transport().sendMail({
        from: getEnv().MAIL_FROM,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      db.update(mailOutbox)
        .set({ sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, mail.id))
        .run();
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const reason = error instanceof Error ? error.message : String(error);
      db.update(mailOutbox)
        .set({ attempts, lastError: reason, nextAttemptAt: new Date(Date.now() + (delay ?? 0)) })
        .where(eq(mailOutbox.id, mail.id))
        .run();
      log.error(
        `Mail ${mail.id} failed (attempt ${attempts}/${MAX_ATTEMPTS}${delay ? "" : ", giving up"}): ${reason}`,
      );
    }
  }
  return sent;
}

/** Checks the outbox every 30 s (the server starts this at boot and stops it on shutdown). */
export function startMailWorker(intervalMs = 30_000): () => void {
  const timer = setInterval(() => void deliverPendingMail(), intervalMs);
  timer.unref();
  void deliverPendingMail();
  return () => clearInterval(timer);
}
