import { and, eq } from "drizzle-orm";

import { type AutosaveKind, autosaves, type EditedKind, pageCopy } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { translationLanguage } from "~/platform/i18n/translation-rules.server";

import { requireEditedItem } from "./edited-items.server";

/** The editor's unsaved work on a post or a case study: its fields exactly as typed. */
export type AutosaveValues = Record<string, string>;
export type Autosave = { values: AutosaveValues; updatedAt: Date };

/** The source a translation's key names ("<id>-ga"): one that exists, in a language it may be translated into. */
function requireTranslated(kind: EditedKind, itemKey: string) {
  const cut = itemKey.lastIndexOf("-");
  requireEditedItem(kind, itemKey.slice(0, cut));
  translationLanguage(itemKey.slice(cut + 1), kind === "post" ? "post" : "case study");
}

/**
 * "new" (not created yet) or the id of a post or case study that exists; the key of a page that exists;
 * a source and language that can be translated (its translation made or not).
 */
function requireItem(kind: AutosaveKind, itemKey: string) {
  if (kind === "post-translation") requireTranslated("post", itemKey);
  else if (kind === "case-study-translation") requireTranslated("case-study", itemKey);
  else if (kind === "page") {
    const page = getDb().select({ key: pageCopy.key }).from(pageCopy).where(eq(pageCopy.key, itemKey)).get();
    if (!page) throw new NotFoundError("Page not found");
  } else if (itemKey !== "new") requireEditedItem(kind, itemKey);
}

const of = (userId: string, kind: AutosaveKind, itemKey: string) =>
  and(eq(autosaves.userId, userId), eq(autosaves.kind, kind), eq(autosaves.itemKey, itemKey));

/** Keeps (replaces) the admin's unsaved work on an item; the schema has already bounded its size. */
export function saveAutosave(
  userId: string,
  kind: AutosaveKind,
  itemKey: string,
  values: AutosaveValues,
  now = new Date(),
): Autosave {
  requireItem(kind, itemKey);
  getDb()
    .insert(autosaves)
    .values({ userId, kind, itemKey, values, updatedAt: now })
    .onConflictDoUpdate({
      target: [autosaves.userId, autosaves.kind, autosaves.itemKey],
      set: { values, updatedAt: now },
    })
    .run();
  return { values, updatedAt: now };
}

export function getAutosave(userId: string, kind: AutosaveKind, itemKey: string): Autosave | undefined {
  const row = getDb()
    .select({ values: autosaves.values, updatedAt: autosaves.updatedAt })
    .from(autosaves)
    .where(of(userId, kind, itemKey))
    .get();
  return row && { values: row.values as AutosaveValues, updatedAt: row.updatedAt };
}

/** Whether there was unsaved work to discard. */
export function discardAutosave(userId: string, kind: AutosaveKind, itemKey: string): boolean {
  return (
    getDb()
      .delete(autosaves)
      .where(of(userId, kind, itemKey))
      .run().changes > 0
  );
}

/**
 * Inside a save's transaction: the saved item supersedes the admin's unsaved work on it. Without the
 * admin known, every autosave of that item goes (a new one's cannot be told apart, so it stays).
 */
export function discardAutosaveIn(
  tx: Tx,
  kind: EditedKind,
  { userId, itemKey, id }: { userId?: string; itemKey: string; id?: string },
) {
  if (userId)
    tx.delete(autosaves)
      .where(of(userId, kind, itemKey))
      .run();
  else if (id)
    tx.delete(autosaves)
      .where(and(eq(autosaves.kind, kind), eq(autosaves.itemKey, id)))
      .run();
}
