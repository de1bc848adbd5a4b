import { eq, lt, or } from "drizzle-orm";

import { getDb } from "#db/client";
import { contacts, jobs, newsletterSubscribers, newsletterSuppressions } from "#db/schema";
import { getEnv } from "~/env.server";
import { log } from "~/lib/log.server";

import { audit, pruneAudit } from "./audit.server";
import { contactHistories, enquiriesFrom, sameAddress } from "./contacts.server";
import type { Tx } from "./job-queue.server";
import { deleteStalePendingSubscribers, suppressionHash, writeSuppression } from "./newsletter.server";
import { pruneNotFound } from "./redirects.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the site holds about an e-mail address (GDPR access request): its enquiries with their
 * notes and history, and its newsletter subscription.
 */
export function personalData(email: string) {
  const address = email.trim().toLowerCase();
  const enquiries = enquiriesFrom(address);
  const histories = contactHistories(enquiries.map((enquiry) => enquiry.id));
  const subscriber = getDb()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address))
    .get();
  audit("export.personal-data", `${enquiries.length} enquiries${subscriber ? " and a subscription" : ""}`);
  return {
    email: address,
    exportedAt: new Date(),
    enquiries: enquiries.map((enquiry) => ({
      ...enquiry,
      history: (histories.get(enquiry.id) ?? []).map(({ kind, status, note, by, createdAt }) => ({
        kind,
        status,
        note,
        by,
        at: createdAt,
      })),
    })),
    newsletter: subscriber
      ? {
          status: subscriber.status,
          subscribedAt: subscriber.createdAt,
          confirmedAt: subscriber.confirmedAt,
          consent: {
            version: subscriber.consentVersion,
            wording: subscriber.consentText,
            form: subscriber.consentSource,
            clientAddressHash: subscriber.consentClientHash,
          },
        }
      : null,
  };
}

const erasureSummary = (erased: { enquiries: number; newsletter: number; deliveries: number }) =>
  `${erased.enquiries} enquiries, ${erased.newsletter} subscriptions, ${erased.deliveries} e-mails`;

/**
 * Erases an e-mail address (GDPR erasure request): its enquiries (their notes and history go with
 * them), its subscription, and the e-mails and webhook deliveries to or about it. One transaction.
 */
export function erasePersonalData(email: string) {
  const address = email.trim().toLowerCase();
  return getDb().transaction((tx) => {
    const erased = {
      enquiries: tx.delete(contacts).where(sameAddress(contacts.email, address)).run().changes,
      newsletter: eraseSubscriber(tx, address),
      deliveries: tx
        .delete(jobs)
        .where(or(eq(jobs.about, address), sameAddress(jobs.target, address)))
        .run().changes,
    };
    // Not the address: the log must not keep what was erased.
    audit("erasure.personal-data", erasureSummary(erased), tx);
    return erased;
  });
}

/**
 * A subscriber's erasure keeps a hash of the address: the objection outlives the data (decision 029).
 * An entry already there is renewed, so "Subscribe again" offered before the erasure no longer works.
 */
function eraseSubscriber(tx: Tx, address: string): number {
  const { changes } = tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, address)).run();
  const suppressed = tx
    .select()
    .from(newsletterSuppressions)
    .where(eq(newsletterSuppressions.emailHash, suppressionHash(address)))
    .get();
  if (changes || suppressed) writeSuppression(tx, address);
  return changes;
}

/** Deletes enquiries, and the e-mails and deliveries about them, older than ENQUIRY_RETENTION_DAYS. */
export function deleteExpiredEnquiries(now = new Date()) {
  const cutoff = new Date(now.getTime() - getEnv().ENQUIRY_RETENTION_DAYS * DAY_MS);
  return getDb().transaction((tx) => ({
    enquiries: tx.delete(contacts).where(lt(contacts.createdAt, cutoff)).run().changes,
    deliveries: tx.delete(jobs).where(lt(jobs.createdAt, cutoff)).run().changes,
  }));
}

/** At start-up and once a day (the server starts this at boot and stops it on shutdown). */
export function startRetention(intervalMs = DAY_MS): () => void {
  const run = () => {
    try {
      const deleted = deleteExpiredEnquiries();
      const signups = deleteStalePendingSubscribers();
      pruneNotFound();
      pruneAudit();
      if (deleted.enquiries || deleted.deliveries || signups)
        log.info(
          `Retention: deleted ${deleted.enquiries} old enquiries, ${deleted.deliveries} old deliveries and ${signups} unconfirmed newsletter sign-ups`,
        );
    } catch (error) {
      log.error({ err: error }, "Deleting old enquiries failed; trying again tomorrow");
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
