import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";

import { auditLog } from "#db/schema";
import {
  actionsIn,
  AUDIT_KEEP_DAYS,
  type AuditAction,
  type AuditGroup,
} from "~/features/audit/audit-actions";
import type { Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import { requestScope } from "~/platform/http/request-scope.server";

export const AUDIT_PAGE_SIZE = 100;

/**
 * Records that the person making this request did something. Who and from where come from the request
 * scope (request-scope.server); outside a request (the post scheduler) the actor is "system". Pass the
 * transaction when the change is written in one, so the entry and the change stand or fall together.
 */
export function audit(action: AuditAction, subject = "", tx?: Tx) {
  const scope = requestScope();
  (tx ?? getDb())
    .insert(auditLog)
    .values({
      actorId: scope?.actor?.id ?? null,
      actor: scope?.actor?.username ?? (scope ? "unknown" : "system"),
      action,
      subject: subject.slice(0, 300),
      ip: scope?.ip ?? null,
    })
    .run();
}

/** A failed sign-in: nobody is signed in, so the name typed is what the owner sees. */
export function auditFailedSignIn(usernameTyped: string, reason: string) {
  const scope = requestScope();
  getDb()
    .insert(auditLog)
    .values({
      actor: usernameTyped.trim().slice(0, 100) || "(blank)",
      action: "sign-in.failed",
      subject: reason,
      ip: scope?.ip ?? null,
    })
    .run();
}

export type AuditFilter = {
  group?: AuditGroup;
  actorId?: string;
  text?: string;
  from?: Date;
  to?: Date;
  /** The id of the last entry already shown: the next page is older. */
  before?: number;
};

export function listAudit(filter: AuditFilter = {}) {
  const where: SQL[] = [];
  if (filter.group) where.push(inArray(auditLog.action, actionsIn(filter.group)));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.text) where.push(sql`instr(lower(${auditLog.subject}), lower(${filter.text})) > 0`);
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = getDb()
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .all();
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), more: rows.length > AUDIT_PAGE_SIZE };
}

/** Part of the daily retention run: entries older than a year go. */
export function pruneAudit(now = new Date()): number {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  return getDb().delete(auditLog).where(lt(auditLog.at, cutoff)).run().changes;
}

/** Someone the log's filter offers: a member of staff. */
export type AuditPerson = { id: string; name: string };
// Staff are above the log (they write to it), so they say who they are when the site starts (server/app.ts).
let people: () => AuditPerson[] = () => [];

/** Where the log's filter finds the people it offers. */
export function listAuditPeopleWith(list: () => AuditPerson[]) {
  people = list;
}

/** The people the log's filter offers. */
export const auditPeople = (): AuditPerson[] => people();
