import { createHmac } from "node:crypto";

import type { Enquiry } from "#db/schema";
import { budgetLabel } from "~/features/enquiries/schemas";
import type { Db } from "~/platform/db.server";
import type { Tx } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { queueJob } from "~/platform/jobs/job-queue.server";
import { defineJobWorker } from "~/platform/jobs/job-worker.server";

export const webhookConfigured = () => Boolean(getEnv().ENQUIRY_WEBHOOK_URL);

defineJobWorker("webhook", { ready: webhookConfigured, run: (job) => postEnquiryWebhook(job.payload) });

type EnquiryFields = Pick<
  Enquiry,
  "id" | "name" | "email" | "budget" | "goals" | "createdAt" | "attribution"
>;

/** The JSON a CRM receives for an enquiry (documented in the README). */
export function enquiryPayload(enquiry: EnquiryFields) {
  return {
    event: "enquiry.created",
    id: enquiry.id,
    createdAt: enquiry.createdAt.toISOString(),
    name: enquiry.name,
    email: enquiry.email,
    budget: enquiry.budget,
    budgetLabel: enquiry.budget ? budgetLabel(enquiry.budget) : null,
    message: enquiry.goals,
    attribution: enquiry.attribution,
    adminUrl: `${getEnv().SITE_URL}/admin/enquiries?q=${encodeURIComponent(enquiry.email)}`,
  };
}

/** Queues the enquiry's delivery to the CRM in the caller's transaction (when a webhook is set). */
export function queueEnquiryWebhook(tx: Tx | Db, enquiry: EnquiryFields) {
  const url = getEnv().ENQUIRY_WEBHOOK_URL;
  if (!url) return;
  queueJob(tx, {
    kind: "webhook",
    target: url,
    title: `New enquiry from ${enquiry.name}`,
    about: enquiry.email,
    payload: enquiryPayload(enquiry),
  });
}

/** `sha256=<hex HMAC-SHA256 of "timestamp.body">`, as Stripe and GitHub sign theirs. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * POSTs one queued delivery to the webhook set now (an address fixed after a failure takes the retries),
 * signed afresh on every attempt so a receiver can refuse old timestamps. Resolves with the URL it went
 * to; throws with the reason when the receiver cannot be reached or answers other than 2xx.
 */
export async function postEnquiryWebhook(payload: Record<string, unknown>): Promise<string> {
  const { ENQUIRY_WEBHOOK_URL: url, ENQUIRY_WEBHOOK_SECRET: secret } = getEnv();
  if (!url || !secret) throw new Error("ENQUIRY_WEBHOOK_URL is no longer set");
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      body,
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
      headers: {
        "content-type": "application/json",
        "user-agent": "Northwall-Webhook/1",
        "x-webhook-timestamp": timestamp,
        "x-webhook-signature": webhookSignature(secret, timestamp, body),
      },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`Could not reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, {
      cause: error,
    });
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  return url;
}
