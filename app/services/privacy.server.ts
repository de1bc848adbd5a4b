import { asc, eq, lt, or, sql } from "drizzle-orm";

import { getDb } from "#db/client";
import { contactEvents, contacts, mailOutbox, newsletterSubscribers } from "#db/schema";
import { getEnv } from "~/env.server";
import { log } from "~/lib/log.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const sameAddress = (column: typeof contacts.email | typeof mailOutbox.to, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * Everything the site holds about an e-mail address (GDPR access request): its enquiries with their
 * notes and history, and its newsletter subscription.
 */
export function personalData(email: string) {
  const db = getDb();
  const enquiries = db
    .select()
    .from(contacts)
    .where(sameAddress(contacts.email, email))
    .orderBy(asc(contacts.createdAt))
    .all()
    .map(({ formToken: _formToken, ...enquiry }) => ({
      ...enquiry,
      history: db
        .select({
          kind: contactEvents.kind,
          status: contactEvents.status,
          note: contactEvents.note,
          by: contactEvents.by,
          at: contactEvents.createdAt,
        })
        .from(contactEvents)
        .where(eq(contactEvents.contactId, enquiry.id))
        .orderBy(asc(contactEvents.createdAt))
        .all(),
    }));
  const subscriber = db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()))
    .get();
  return {
    email: email.trim().toLowerCase(),
    exportedAt: new Date(),
    enquiries,
    newsletter: subscriber ? { subscribedAt: subscriber.createdAt } : null,
  };
}

/**
 * Erases an e-mail address (GDPR erasure request): its enquiries (their notes and history go with
 * them), its subscription, and the e-mails to or about it still in the outbox. One transaction.
 */
export function erasePersonalData(email: string) {
  return getDb().transaction((tx) => {
    const enquiries = tx.delete(contacts).where(sameAddress(contacts.email, email)).run().changes;
    const newsletter = tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()))
      .run().changes;
    const mails = tx
      .delete(mailOutbox)
      .where(
        or(
          sameAddress(mailOutbox.to, email),
          sql`lower(${mailOutbox.replyTo}) = ${email.trim().toLowerCase()}`,
        ),
      )
      .run().changes;
    return { enquiries, newsletter, mails };
  });
}

/** Deletes enquiries, and the e-mails about them, older than ENQUIRY_RETENTION_DAYS. */
export function deleteExpiredEnquiries(now = new Date()) {
  const cutoff = new Date(now.getTime() - getEnv().ENQUIRY_RETENTION_DAYS * DAY_MS);
  return getDb().transaction((tx) => ({
    enquiries: tx.delete(contacts).where(lt(contacts.createdAt, cutoff)).run().changes,
    mails: tx.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff)).run().changes,
  }));
}

/** At start-up and once a day (the server starts this at boot and stops it on shutdown). */
export function startRetention(intervalMs = DAY_MS): () => void {
  const run = () => {
    try {
      const deleted = deleteExpiredEnquiries();
      if (deleted.enquiries || deleted.mails)
        log.info(`Retention: deleted ${deleted.enquiries} old enquiries and ${deleted.mails} old e-mails`);
    } catch (error) {
      log.error({ err: error }, "Deleting old enquiries failed; trying again tomorrow");
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
