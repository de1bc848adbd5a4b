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
 * names given with it (an invitation's "Name <address>") go too; as the actor, its client address goes.
 */
export function eraseAddressFromAudit(tx: Tx, address: string, namesWithIt: string[] = []): number {
  const entries = tx.select().from(auditLog).where(namesAddress(address)).all();
  const withName = namesWithIt.map(
    (name) => new RegExp(`${escapeRegExp(name)}\\s*<${escapeRegExp(address)}>`, "gi"),
  );
  const bare = new RegExp(escapeRegExp(address), "gi");
  for (const entry of entries) {
    const subject = withName.reduce((text, pattern) => text.replace(pattern, ERASED_MARK), entry.subject);
    const wasActor = entry.actor.toLowerCase() === address;
    tx.update(auditLog)
      .set({
        subject: subject.replace(bare, ERASED_MARK),
        ...(wasActor ? { actor: ERASED_MARK, ip: null } : {}),
      })
      .where(eq(auditLog.id, entry.id))
      .run();
  }
  return entries.length;
}
