import { asc, eq, max, min } from "drizzle-orm";

import {
  type caseStudies,
  type clientLogos,
  type milestones,
  type packages,
  type teamMembers,
  type testimonials,
} from "#db/schema";
import { contentChanged, type ContentKind, getDb, type Tx } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

import { auditSiteItem } from "./content-audit.server";

/** The lists the agency orders by hand (Up/Down in the admin) and shows or hides. */
export type OrderedTable =
  | typeof testimonials
  | typeof teamMembers
  | typeof clientLogos
  | typeof packages
  | typeof milestones
  | typeof caseStudies;

export type Visibility = "draft" | "published";
export type Direction = "up" | "down";

// The tables differ only in their other columns; these helpers touch id, position and status.
type Loose = typeof testimonials;
const loose = (table: OrderedTable) => table as unknown as Loose;

/** The position a new item takes: after the others, or (a new case study) before them. */
export function newPosition(tx: Tx, table: OrderedTable, where: "first" | "last"): number {
  const t = loose(table);
  if (where === "first")
    return (
      (tx
        .select({ p: min(t.position) })
        .from(t)
        .get()?.p ?? 1) - 1
    );
  return (
    (tx
      .select({ p: max(t.position) })
      .from(t)
      .get()?.p ?? -1) + 1
  );
}

/**
 * Moves an item one place up or down in the agency's order: the list is renumbered in its current
 * order (ties by creation) and the item swaps with its neighbour, in one transaction.
 */
export function moveItem(table: OrderedTable, kind: ContentKind, id: string, direction: Direction) {
  const t = loose(table);
  const moved = getDb().transaction((tx) => {
    const ids = tx
      .select({ id: t.id })
      .from(t)
      .orderBy(asc(t.position), asc(t.createdAt))
      .all()
      .map((row) => row.id);
    const at = ids.indexOf(id);
    if (at === -1) throw new NotFoundError("Not found");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return false;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    ids.forEach((rowId, position) => tx.update(t).set({ position }).where(eq(t.id, rowId)).run());
    return true;
  });
  if (moved) contentChanged(kind);
  return moved;
}

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

/** Every item in the agency's order; only the shown ones for the public site. */
export function listOrdered<T extends OrderedTable>(
  table: T,
  { publishedOnly }: { publishedOnly: boolean },
): T["$inferSelect"][] {
  const t = loose(table);
  const query = getDb().select().from(t);
  return (publishedOnly ? query.where(eq(t.status, "published")) : query)
    .orderBy(asc(t.position), asc(t.createdAt))
    .all() as T["$inferSelect"][];
}

export function getItem<T extends OrderedTable>(table: T, id: string): T["$inferSelect"] | undefined {
  const t = loose(table);
  return getDb().select().from(t).where(eq(t.id, id)).get() as T["$inferSelect"] | undefined;
}
