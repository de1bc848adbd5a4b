import { eq, or, sql } from "drizzle-orm";

import { auditLog } from "#db/schema";
import { auditLabel } from "~/features/audit";
import type { Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";

/** What an erased address (and the name given with it) reads as in the log afterwards. */
export const ERASED_MARK = "(erased)";

/**
 * Entries that name an address: in what was done (an invitation, a test newsletter) or as the actor
 * (a failed sign-in where the address was typed as the username). `address` is lower-case.
 */
const namesAddress = (address: string) =>
  or(sql`instr(lower(${auditLog.subject}), ${address}) > 0`, sql`lower(${auditLog.actor}) = ${address}`);

/**
 * The log's entries about an address, for a personal-data export. The client address of an entry is
 * theirs only when they were the actor.
 */
export function auditEntriesAbout(address: string) {
  return getDb()
    .select()
    .from(auditLog)
    .where(namesAddress(address))
    .orderBy(auditLog.id)
    .all()
    .map((entry) => ({
      at: entry.at,
      action: auditLabel(entry.action),
      actor: entry.actor,
      subject: entry.subject,
      ...(entry.actor.toLowerCase() === address ? { clientAddress: entry.ip } : {}),
    }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Takes an address out of the log and keeps the entries (who did what, when, stays answerable). The
 * names that went with it go too, wherever the log wrote them: the name given with the address
 * ("Name <address>", an invitation, even one withdrawn since), and `namesWithIt` (what the person's
 * erased enquiries and invitations were signed with) in any entry, such as a search the owner
 * exported. As the actor, its client address goes.
 */
export function eraseAddressFromAudit(tx: Tx, address: string, namesWithIt: string[] = []): number {
  const entries = tx.select().from(auditLog).where(namesAddress(address)).all();
  // "Name <address>" begins the subjects of invitations.
  const withName = new RegExp(`^([^<>]*)<${escapeRegExp(address)}>`, "i");
  const names = new Set(namesWithIt.map((name) => name.trim()));
  for (const entry of entries) names.add(withName.exec(entry.subject)?.[1]?.trim() ?? "");
  const bare = new RegExp(escapeRegExp(address), "gi");
  for (const entry of entries) {
    const wasActor = entry.actor.toLowerCase() === address;
    tx.update(auditLog)
      .set({
        subject: entry.subject.replace(withName, ERASED_MARK).replace(bare, ERASED_MARK),
        ...(wasActor ? { actor: ERASED_MARK, ip: null } : {}),
      })
      .where(eq(auditLog.id, entry.id))
      .run();
  }
  for (const name of names) if (name.length >= MIN_NAME_LENGTH) eraseNameFromAudit(tx, name);
  return entries.length;
}

/** Shorter than this, a "name" is an initial and would match words that are not the person. */
const MIN_NAME_LENGTH = 2;

/** Replaces a name, as a whole phrase in any capitals, in every entry's subject. */
function eraseNameFromAudit(tx: Tx, name: string) {
  const phrase = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu");
  const candidates = tx
    .select({ id: auditLog.id, subject: auditLog.subject })
    .from(auditLog)
    // SQLite's lower() folds A-Z only: fold the name alike, and let the pattern match the rest.
    .where(sql`instr(lower(${auditLog.subject}), ${name.replace(/[A-Z]/g, (c) => c.toLowerCase())}) > 0`)
    .all();
  for (const entry of candidates) {
    const subject = entry.subject.replace(phrase, ERASED_MARK);
    if (subject !== entry.subject)
      tx.update(auditLog).set({ subject }).where(eq(auditLog.id, entry.id)).run();
  }
}
