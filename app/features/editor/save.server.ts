import type { EditedKind } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation } from "~/platform/http/errors.server";
import { momentInDublin } from "~/platform/text/dates";
import { titleText } from "~/platform/text/sanitize.server";
import { chooseSlug } from "~/platform/text/slug";

import { discardAutosaveIn } from "./autosaves.server";
import { notFound } from "./edited-items.server";
import { moveAddressIn } from "./old-addresses.server";
import { recordRevisionIn, type Snapshot } from "./revisions.server";

/** What the editor saves has at least these columns. */
export type EditedRow = {
  id: string;
  title: string;
  slug: string;
  publishedAt: Date | null;
  updatedAt: Date;
};

/** What the admin wrote: its address is given, or follows the title until the item has been live. */
export type EditedDraft = { title: string; slug?: string | null };

/** How one kind of content (posts, case studies) is kept: the parts of a save that differ. */
export type EditedType<Row extends EditedRow, Draft extends EditedDraft> = {
  kind: EditedKind;
  /** "post", "case study": in messages. */
  noun: string;
  /** The public address before the slug: "/blog/". */
  prefix: string;
  find(tx: Tx, id: string): Row | undefined;
  /** The address its title gives it while the address follows the title (else the whole title's). */
  slugOfTitle?(title: string, before: Row | undefined): string;
  /** When it first went live (then its address no longer follows its title). */
  wentLive(row: Row | undefined): Date | null;
  /** Inserts (no `before`) or updates the row; a taken address surfaces as a unique violation. */
  write(tx: Tx, save: { before?: Row; draft: Draft; slug: string; now: Date; authorId?: string }): Row;
  snapshotOf(row: Row): Snapshot;
  audit(tx: Tx, before: Row | undefined, row: Row): void;
  /** After the transaction: caches, artwork, social cards, schedules. */
  saved(row: Row): void;
};

export type SaveOptions = {
  /** The signed-in admin: the revision's author, and whose autosave of this item is discarded. */
  userId?: string;
  now?: Date;
  /**
   * When the version the admin's form began from was saved (ms): refused (EditedSince) if saved again
   * since. NaN (a form whose time is not one) is refused too.
   */
  savedAt?: number;
};

/**
 * The item was saved again (by someone else, or in another tab) after the admin's form opened on it: a
 * save now would silently undo that work, so it is refused, what was typed kept in the form. The form
 * then carries the newer version's time, so saving again replaces it knowingly.
 */
export class EditedSince extends ConflictError {
  override name = "EditedSince";
  constructor(noun: string, savedAgainAt: Date) {
    super(
      `This ${noun} was saved again at ${momentInDublin(savedAgainAt)}, after you opened it (by someone else, or in another tab). Your changes are still here, not saved: save again to replace that version with yours, or open the ${noun} afresh to see it first.`,
    );
  }
}

/** Refuses (EditedSince) a save whose form began from a version other than the one saved `current`. */
export function checkSavedAt(noun: string, current: Date, savedAt: number | undefined) {
  if (savedAt !== undefined && current.getTime() !== savedAt) throw new EditedSince(noun, current);
}

/** A title is text: markup typed or pasted into it is taken out; a title of markup alone is none. */
function titleOf(draft: EditedDraft): string {
  const title = titleText(draft.title);
  if (!title) throw new FieldError("title", "Title is required: markup alone is not a title");
  return title;
}

/**
 * The one save of the editor, for every kind, in one transaction: the row, its address (the old one
 * redirects), a revision once it has been live, the audit entry, and the admin's autosave of it
 * discarded. Bad input is a FieldError (title, slug), a taken address a ConflictError.
 */
export function saveEdited<Row extends EditedRow, Draft extends EditedDraft>(
  type: EditedType<Row, Draft>,
  id: string | undefined,
  draft: Draft,
  { userId, now = new Date(), savedAt }: SaveOptions = {},
): Row {
  draft = { ...draft, title: titleOf(draft) };
  const saved = getDb().transaction((tx) => {
    const before = id ? type.find(tx, id) : undefined;
    if (id && !before) throw notFound(type.kind);
    if (before) checkSavedAt(type.noun, before.updatedAt, savedAt);
    const chosen = chooseSlug(
      draft.slug,
      draft.title,
      type.wentLive(before) ? before!.slug : null,
      type.noun,
      type.slugOfTitle ? (title) => type.slugOfTitle!(title, before) : undefined,
    );
    if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
    let row: Row;
    try {
      row = type.write(tx, { before, draft, slug: chosen.slug, now, authorId: userId });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A short address made from the title's main words can be another title's too: the owner
      // then types an address, which is the field to point at.
      if (chosen.field === "title" && type.slugOfTitle)
        throw new ConflictError(
          `Another ${type.noun} already uses the address ${type.prefix}${chosen.slug}, made from this title's main words. Please type a different address.`,
          "slug",
        );
      throw new ConflictError(
        `Another ${type.noun} already uses the address ${type.prefix}${chosen.slug}. Please choose a different ${chosen.field === "slug" ? "address" : "title"}.`,
        chosen.field,
      );
    }
    moveAddressIn(tx, type.kind, before, row);
    if (row.publishedAt)
      recordRevisionIn(tx, type.kind, {
        before,
        after: row,
        snapshotOf: type.snapshotOf,
        authorId: userId,
        now,
      });
    type.audit(tx, before, row);
    discardAutosaveIn(tx, type.kind, { userId, itemKey: id ?? "new", id });
    return row;
  });
  type.saved(saved);
  return saved;
}
