import { eq, lt, or } from "drizzle-orm";

import {
  enquiries,
  type EnquiryEvent,
  jobs,
  newsletterSubscribers,
  newsletterSuppressions,
  staffInvites,
  users,
} from "#db/schema";
import { audit, pruneAudit } from "~/features/audit/index.server";
import {
  enquiriesFrom,
  type Enquiry,
  enquiryHistories,
  enquiryJson,
  sameAddress,
} from "~/features/enquiries/index.server";
import {
  deleteStalePendingSubscribers,
  dropUnsentCopies,
  suppressionHash,
  writeSuppression,
} from "~/features/newsletter/index.server";
import { pruneNotFound } from "~/features/redirects/index.server";
import type { Tx } from "~/platform/db.server";
import { type Db, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import type { Task } from "~/platform/tasks.server";

import { auditEntriesAbout, eraseAddressFromAudit } from "./audit-privacy.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff invitations sent to an address, with who sent them. */
function invitationsTo(address: string) {
  return getDb()
    .select({
      name: staffInvites.name,
      role: staffInvites.role,
      invitedBy: users.username,
      sentAt: staffInvites.createdAt,
      expiresAt: staffInvites.expiresAt,
      acceptedAt: staffInvites.acceptedAt,
    })
    .from(staffInvites)
    .leftJoin(users, eq(users.id, staffInvites.invitedBy))
    .where(sameAddress(staffInvites.email, address))
    .orderBy(staffInvites.createdAt)
    .all();
}

/** An enquiry in a person's data: as the inbox's API shows it, with what happened to it after. */
export function personalEnquiryJson(enquiry: Enquiry, history: EnquiryEvent[]) {
  return {
    ...enquiryJson(enquiry),
    history: history.map((event) => ({
      kind: event.kind,
      status: event.status,
      note: event.note,
      by: event.by,
      at: event.createdAt,
    })),
  };
}

/**
 * Everything the site holds about an e-mail address (GDPR access request): its enquiries with their
 * notes and history, its newsletter subscription, staff invitations sent to it, and the audit log's
 * entries that name it.
 */
export function personalData(email: string) {
  const address = email.trim().toLowerCase();
  const enquiries = enquiriesFrom(address);
  const histories = enquiryHistories(enquiries.map((enquiry) => enquiry.id));
  const subscriber = getDb()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address))
    .get();
  const staffInvitations = invitationsTo(address);
  // Read before this export's own entry, which does not name the address.
  const auditEntries = auditEntriesAbout(address);
  audit(
    "export.personal-data",
    `${enquiries.length} enquiries${subscriber ? ", a subscription" : ""}, ${staffInvitations.length} invitations, ${auditEntries.length} audit entries`,
  );
  return {
    email: address,
    exportedAt: new Date(),
    enquiries: enquiries.map((enquiry) => personalEnquiryJson(enquiry, histories.get(enquiry.id) ?? [])),
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
    staffInvitations,
    auditLog: auditEntries,
  };
}

export type Erased = {
  enquiries: number;
  newsletter: number;
  deliveries: number;
  invitations: number;
  auditEntries: number;
};

/** POST /api/privacy/erase's answer: the address and how many of each thing went. */
export function erasureJson(email: string, erased: Erased) {
  return {
    email,
    erased: {
      enquiries: erased.enquiries,
      newsletter: erased.newsletter,
      deliveries: erased.deliveries,
      invitations: erased.invitations,
      auditEntries: erased.auditEntries,
    },
  };
}

const erasureSummary = (erased: Erased) =>
  `${erased.enquiries} enquiries, ${erased.newsletter} subscriptions, ${erased.deliveries} e-mails, ${erased.invitations} invitations, ${erased.auditEntries} audit entries`;

/**
 * Erases an e-mail address (GDPR erasure request): its enquiries (their notes and history go with
 * them), its subscription, the e-mails and webhook deliveries to or about it, and the staff invitations
 * sent to it; the audit log keeps its entries with the address and the person's names taken out. One
 * transaction; deleted bytes are overwritten (secure_delete) and the WAL is checkpointed and emptied
 * after, so the erased data is not left in free pages or in the WAL.
 */
export function erasePersonalData(email: string): Erased {
  const address = email.trim().toLowerCase();
  const db = getDb();
  db.$client.pragma("secure_delete = ON");
  try {
    const erased = db.transaction((tx) => {
      const invites = tx
        .delete(staffInvites)
        .where(sameAddress(staffInvites.email, address))
        .returning({ name: staffInvites.name })
        .all();
      const erasedEnquiries = tx
        .delete(enquiries)
        .where(sameAddress(enquiries.email, address))
        .returning({ name: enquiries.name })
        .all();
      const done: Erased = {
        enquiries: erasedEnquiries.length,
        newsletter: eraseSubscriber(tx, address),
        deliveries: tx
          .delete(jobs)
          .where(or(eq(jobs.about, address), sameAddress(jobs.target, address)))
          .run().changes,
        invitations: invites.length,
        auditEntries: eraseAddressFromAudit(tx, address, [
          ...invites.map((invite) => invite.name),
          ...erasedEnquiries.map((enquiry) => enquiry.name),
        ]),
      };
      // Not the address: the log must not keep what was erased.
      audit("erasure.personal-data", erasureSummary(done), tx);
      return done;
    });
    checkpointAfterErasure(db);
    return erased;
  } finally {
    db.$client.pragma("secure_delete = OFF");
  }
}

/**
 * Copies the WAL into the database file and truncates it: until then the erased rows' old pages sit in
 * the WAL. A reader holding a snapshot (the backup's) can keep it from finishing; the next automatic
 * checkpoint does it then.
 */
function checkpointAfterErasure(db: Db) {
  const [result] = db.$client.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
  if (result?.busy) log.warn("The WAL could not be emptied after an erasure: a reader held it");
}

/**
 * A subscriber's erasure keeps a hash of the address: the objection outlives the data (decision 029).
 * An entry already there is renewed, so "Subscribe again" offered before the erasure no longer works.
 */
function eraseSubscriber(tx: Tx, address: string): number {
  const { changes } = tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, address)).run();
  dropUnsentCopies(tx, address);
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
    enquiries: tx.delete(enquiries).where(lt(enquiries.createdAt, cutoff)).run().changes,
    deliveries: tx.delete(jobs).where(lt(jobs.createdAt, cutoff)).run().changes,
  }));
}

/** Enquiries, deliveries, sign-ups, 404 entries and audit entries past their time: at start-up and daily. */
export const retentionTask: Task = {
  name: "retention",
  label: "Deletes what is kept no longer (old enquiries, unconfirmed sign-ups, old logs)",
  every: DAY_MS,
  run: () => {
    const deleted = deleteExpiredEnquiries();
    const signups = deleteStalePendingSubscribers();
    pruneNotFound();
    pruneAudit();
    if (deleted.enquiries || deleted.deliveries || signups)
      log.info(
        `Retention: deleted ${deleted.enquiries} old enquiries, ${deleted.deliveries} old deliveries and ${signups} unconfirmed newsletter sign-ups`,
      );
  },
};
