// The lists the agency orders by hand: several features keep one (site content, case studies), each
// passing its own table; the mechanism knows no feature.
import { asc, count, desc, eq, inArray, min, sql } from "drizzle-orm";

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
export const loose = (table: OrderedTable) => table as unknown as Loose;

/**
 * The position a new item takes: before the others, in every ordered list, so what was just added is
 * at the top where it was made ("Move down" or a drag puts it elsewhere).
 */
export function newPosition(tx: Tx, table: OrderedTable): number {
  const t = loose(table);
  return (
    (tx
      .select({ p: min(t.position) })
      .from(t)
      .get()?.p ?? 1) - 1
  );
}

/**
 * A move in a list: one place up or down, to the top, to a place (0 first), or to the place of another
 * item (where a drag drops it: named by the item, so a list changed meanwhile does not misplace it).
 */
export type Move = Direction | "top" | { to: number } | { over: string };

/**
 * The move a list's form asks for (the buttons' intents "up", "down", "top", or "move" with the
 * place `to`), or null when the form is not a move.
 */
export function moveOf(form: FormData | Record<string, unknown>): Move | null {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name]);
  const intent = String(get("intent") ?? "");
  if (intent === "up" || intent === "down" || intent === "top") return intent;
  if (intent !== "move") return null;
  const over = String(get("over") ?? "");
  if (over) return { over };
  const to = Number(get("to"));
  return Number.isInteger(to) && to >= 0 ? { to } : null;
}

/**
 * Moves an item in the agency's order: one place up or down, to the top, or to a place. Up and down
 * trade places with the neighbour and the top goes before the first (one or two rows written, in a
 * list of thousands); a place, or a place shared by two items, renumbers the list in its current order
 * (ties by creation) with the item at its new place. One transaction. A place past the end is the end.
 */
export function moveItem(table: OrderedTable, kind: ContentKind, id: string, move: Move) {
  const t = loose(table);
  const moved = getDb().transaction((tx) => {
    // created_at as stored (a number), to compare with in SQL.
    const item = tx
      .select({ position: t.position, createdAt: sql<number>`${t.createdAt}` })
      .from(t)
      .where(eq(t.id, id))
      .get();
    if (!item) throw new NotFoundError("Not found");
    if (move === "top") {
      const first = tx
        .select({ id: t.id, position: t.position })
        .from(t)
        .orderBy(asc(t.position), asc(t.createdAt))
        .limit(1)
        .get()!;
      if (first.id === id) return false;
      tx.update(t)
        .set({ position: first.position - 1 })
        .where(eq(t.id, id))
        .run();
      return true;
    }
    if (move === "up" || move === "down") {
      const up = move === "up";
      const order = up ? [desc(t.position), desc(t.createdAt)] : [asc(t.position), asc(t.createdAt)];
      const side = up
        ? sql`(${t.position}, ${t.createdAt}) < (${item.position}, ${item.createdAt})`
        : sql`(${t.position}, ${t.createdAt}) > (${item.position}, ${item.createdAt})`;
      const neighbour = tx
        .select({ id: t.id, position: t.position })
        .from(t)
        .where(side)
        .orderBy(...order)
        .limit(1)
        .get();
      // Only two rows at these two places: a place shared with a third would leave the order to the
      // creation times, which a trade of places may not respect.
      const atBoth = neighbour
        ? tx
            .select({ n: count() })
            .from(t)
            .where(inArray(t.position, [item.position, neighbour.position]))
            .get()!.n
        : 0;
      if (neighbour && neighbour.position !== item.position && atBoth === 2) {
        tx.update(t).set({ position: neighbour.position }).where(eq(t.id, id)).run();
        tx.update(t).set({ position: item.position }).where(eq(t.id, neighbour.id)).run();
        return true;
      }
    }
    return renumber(tx, t, id, move);
  });
  if (moved) contentChanged(kind);
  return moved;
}

function renumber(tx: Tx, t: Loose, id: string, move: Move) {
  const ids = tx
    .select({ id: t.id })
    .from(t)
    .orderBy(asc(t.position), asc(t.createdAt))
    .all()
    .map((row) => row.id);
  const at = ids.indexOf(id);
  const to =
    move === "up"
      ? at - 1
      : move === "down"
        ? at + 1
        : move === "top"
          ? 0
          : "over" in move
            ? ids.indexOf(move.over)
            : Math.min(move.to, ids.length - 1);
  if (to < 0 || to >= ids.length || to === at) return false;
  ids.splice(at, 1);
  ids.splice(to, 0, id);
  ids.forEach((rowId, position) => tx.update(t).set({ position }).where(eq(t.id, rowId)).run());
  return true;
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
