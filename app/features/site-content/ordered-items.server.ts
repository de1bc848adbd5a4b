import { eq } from "drizzle-orm";

import type { caseStudies } from "#db/schema";
import { contentChanged, type ContentKind, getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { loose, type OrderedTable, type Visibility } from "~/platform/ordered-lists.server";

import { auditSiteItem } from "./content-audit.server";

/** Shows (published) or hides (draft) an item. */
export function setVisibility(table: OrderedTable, kind: ContentKind, id: string, status: Visibility) {
  const t = loose(table);
  getDb().transaction((tx) => {
    const before = tx.select({ name: t.name, status: t.status }).from(t).where(eq(t.id, id)).get();
    if (!before) throw new NotFoundError("Not found");
    if (before.status === status) return;
    tx.update(t).set({ status, updatedAt: new Date() }).where(eq(t.id, id)).run();
    auditSiteItem(table, status === "published" ? "shown" : "hidden", before.name, "", tx);
  });
  contentChanged(kind);
}

/** Removes an item for good (case studies are never removed: their address may be linked). */
export function deleteItem(table: Exclude<OrderedTable, typeof caseStudies>, kind: ContentKind, id: string) {
  const t = loose(table);
  const removed = getDb().delete(t).where(eq(t.id, id)).returning().get() as
    Record<string, unknown> | undefined;
  if (!removed) throw new NotFoundError("Not found");
  auditSiteItem(table, "deleted", String(removed.name ?? id));
  contentChanged(kind);
}
