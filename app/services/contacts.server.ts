import { count, desc, eq } from "drizzle-orm";
import { RateLimiterMemory } from "rate-limiter-flexible";

import { getDb } from "#db/client";
import { type Contact, contacts } from "#db/schema";
import { getEnv } from "~/env.server";
import { minutesToWait } from "~/lib/metrics";
import type { ContactInput } from "~/lib/schemas";

import { deliverPendingMail, mailConfigured, queueMail } from "./mail.server";

export type ContactStatus = Contact["status"];
export const CONTACT_WINDOW_SECONDS = 10 * 60;

/**
 * Stores an enquiry as 'new' (only the four fields a visitor fills in are ever written) and, in the
 * same transaction, queues the alert e-mail. Mail goes out afterwards and can never fail the enquiry.
 */
export function storeEnquiry({ name, email, budget, goals }: ContactInput): Contact {
  const contact = getDb().transaction((tx) => {
    const row = tx.insert(contacts).values({ name, email, budget, goals }).returning().get();
    if (mailConfigured()) queueMail(tx, enquiryAlert(row));
    return row;
  });
  if (mailConfigured()) void deliverPendingMail();
  return contact;
}

export function listContacts({ status }: { status?: ContactStatus } = {}): Contact[] {
  const query = getDb().select().from(contacts);
  return (status ? query.where(eq(contacts.status, status)) : query).orderBy(desc(contacts.createdAt)).all();
}

export function countNewContacts(): number {
  return getDb().select({ n: count() }).from(contacts).where(eq(contacts.status, "new")).get()?.n ?? 0;
}

/** Moves an enquiry to another status; returns false for an unknown id. */
export function setContactStatus(id: string, status: ContactStatus): boolean {
  return getDb().update(contacts).set({ status }).where(eq(contacts.id, id)).run().changes === 1;
}

let limiter: RateLimiterMemory | undefined;
/** Counts one submission from `ip`; returns seconds to wait when over the limit, else 0. */
export async function takeEnquiryAllowance(ip: string): Promise<number> {
  const env = getEnv();
  limiter ??= new RateLimiterMemory({
    keyPrefix: "contact",
    points: Math.max(1, Math.round(env.CONTACT_RATE_LIMIT * env.RATE_LIMIT_FACTOR)),
    duration: CONTACT_WINDOW_SECONDS,
  });
  try {
    await limiter.consume(ip);
    return 0;
  } catch (rejection) {
    const ms = (rejection as { msBeforeNext?: number }).msBeforeNext ?? CONTACT_WINDOW_SECONDS * 1000;
    return Math.ceil(ms / 1000);
  }
}

export function tooManyEnquiries(seconds: number): string {
  return `You've sent several messages in a short time. Please try again in ${minutesToWait(seconds)}, or e-mail us directly.`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function enquiryAlert(contact: Contact) {
  const env = getEnv();
  const inbox = `${env.SITE_URL}/admin/enquiries`;
  const budget = contact.budget ?? "Not given";
  const text = [
    `New enquiry from the website`,
    ``,
    `Name: ${contact.name}`,
    `Email: ${contact.email}`,
    `Budget: ${budget}`,
    ``,
    `Goals:`,
    contact.goals,
    ``,
    `Open the inbox: ${inbox}`,
  ].join("\n");
  const html = `<h2>New enquiry from the website</h2>
<table cellpadding="4"><tr><th align="left">Name</th><td>${escapeHtml(contact.name)}</td></tr>
<tr><th align="left">Email</th><td><a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a></td></tr>
<tr><th align="left">Budget</th><td>${escapeHtml(budget)}</td></tr></table>
<h3>Goals</h3><p style="white-space:pre-wrap">${escapeHtml(contact.goals)}</p>
<p><a href="${escapeHtml(inbox)}">Open the enquiries inbox</a></p>`;
  return {
    to: env.CONTACT_NOTIFY_TO!,
    replyTo: contact.email,
    subject: `New enquiry from ${contact.name.replace(/[\r\n]+/g, " ")}`,
    text,
    html,
  };
}
