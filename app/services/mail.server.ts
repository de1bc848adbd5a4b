import nodemailer, { type Transporter } from "nodemailer";

import type { Db } from "#db/client";
import { getEnv } from "~/env.server";

import { queueJob, type Tx } from "./job-queue.server";

export type OutgoingMail = { to: string; replyTo?: string; subject: string; text: string; html: string };

/** Alerts go out only when SMTP_URL and CONTACT_NOTIFY_TO are both set. */
export function mailConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.SMTP_URL && env.CONTACT_NOTIFY_TO);
}

/**
 * Queues an e-mail in the caller's transaction. `about` is the address of the person it concerns (the
 * enquirer of an alert), so erasing their data takes the e-mail too.
 */
export function queueMail(tx: Tx | Db, mail: OutgoingMail, about = mail.to) {
  queueJob(tx, { kind: "mail", target: mail.to, title: mail.subject, about, payload: mail });
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

/** Sends one queued e-mail (the job worker's "mail" kind); throws when the server refuses it. */
export async function sendQueuedMail(payload: Record<string, unknown>): Promise<void> {
  const mail = payload as OutgoingMail;
  await transport().sendMail({
    from: getEnv().MAIL_FROM,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}
