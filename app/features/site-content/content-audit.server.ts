import { clientLogos, milestones, packages, teamMembers, testimonials } from "#db/schema";
import type { SiteItemChange, SiteItemKind } from "~/features/audit";
import { audit } from "~/features/audit/index.server";
import type { Tx } from "~/platform/db.server";

const KINDS = new Map<object, SiteItemKind>([
  [teamMembers, "team-member"],
  [testimonials, "testimonial"],
  [clientLogos, "client"],
  [packages, "package"],
  [milestones, "milestone"],
]);

/** Columns that change on every save or only by moving; not what the owner means by an edit. */
const BOOKKEEPING = new Set(["id", "position", "createdAt", "updatedAt"]);

/** Which fields an edit changed, by name ("role, photoUrl"), for the audit log. */
export function changedFields(before: object, after: object): string {
  const was = before as Record<string, unknown>;
  const changed = Object.entries(after as Record<string, unknown>)
    .filter(([key, value]) => !BOOKKEEPING.has(key) && JSON.stringify(was[key]) !== JSON.stringify(value))
    .map(([key]) => key);
  return changed.length ? changed.join(", ") : "no changes";
}

/**
 * Records a change to a team member, testimonial, client or package, named as the admin names it (case
 * studies, the other hand-ordered list, have entries of their own).
 */
export function auditSiteItem(table: object, change: SiteItemChange, name: string, detail = "", tx?: Tx) {
  const kind = KINDS.get(table);
  if (!kind) return;
  audit(`${kind}.${change}`, `“${name}”${detail ? `: ${detail}` : ""}`, tx);
}
