import { and, eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";

import { jobs } from "#db/schema";
import { type Db, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";

import type { Tx } from "../db.server";
import { queueJob } from "../jobs/job-queue.server";

export type OutgoingMail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/**
 * Whether the server can send e-mail at all (SMTP_URL). Without it every e-mail is still queued, and
 * waits in the outbox until it can.
 */
export const canSendMail = (): boolean => Boolean(getEnv().SMTP_URL);

/**
 * Queues an e-mail in the caller's transaction. `about` is the address of the person it concerns (the
 * enquirer of an alert), so erasing their data takes the e-mail too.
 */
export function queueMail(tx: Tx | Db, mail: OutgoingMail, about = mail.to) {
  queueJob(tx, { kind: "mail", target: mail.to, title: mail.subject, about, payload: mail });
}

/** A queued or sent e-mail as the outbox shows it: the message itself, when it was queued and sent. */
export type QueuedMail = { mail: OutgoingMail; queuedAt: Date; sentAt: Date | null };

export function queuedMail(id: string): QueuedMail | undefined {
  const job = getDb()
    .select({ payload: jobs.payload, createdAt: jobs.createdAt, doneAt: jobs.doneAt })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, "mail")))
    .get();
  return job && { mail: job.payload as OutgoingMail, queuedAt: job.createdAt, sentAt: job.doneAt };
}

const transporters = new Map<string, Transporter>();
/** `pooled`: a few connections kept open and reused, for a newsletter's many e-mails. */
async function transport(pooled: boolean): Promise<Transporter> {
  // Loaded by the first e-mail sent, not by every start (a site without SMTP_URL never needs it).
  const { default: nodemailer } = await import("nodemailer");
  const url = new URL(getEnv().SMTP_URL!);
  if (pooled) url.searchParams.set("pool", "true");
  // Short timeouts: a dead mail server must not hold messages (or shutdown) for minutes.
  for (const [key, ms] of [
    ["connectionTimeout", 10_000],
    ["greetingTimeout", 10_000],
    ["socketTimeout", 20_000],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  let made = transporters.get(url.href);
  if (!made) {
    made = nodemailer.createTransport(url.href);
    transporters.set(url.href, made);
  }
  return made;
}

/** Closes the pooled connections (at shutdown, so nothing holds the mail server's connections open). */
export function closeMailConnections() {
  for (const made of transporters.values()) made.close();
  transporters.clear();
}

/** Sends one e-mail (a queued job's); throws when the server refuses it. */
export async function sendMail(mail: OutgoingMail, { pooled = false } = {}): Promise<void> {
  await (
    await transport(pooled)
  ).sendMail({
    from: getEnv().MAIL_FROM,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
}
