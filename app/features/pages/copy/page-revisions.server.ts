import { and, desc, eq } from "drizzle-orm";

import { pageCopy, pageRevisions } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { listStaff } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import { fullDayAndTimeInDublin } from "~/platform/text/dates";

import {
  checkPageCopy,
  getPage,
  mayEditPages,
  type PageActor,
  PageCopyInvalid,
  type PageRead,
  PAGES_NOT_FOR_CONTRIBUTORS,
  titleOf,
} from "./page-copy.server";
import { recordPageChecks } from "./page-problems.server";
import { kindOfKey } from "./page-schemas";

/** One earlier published version of a page's copy: when it went live, who published it, its words. */
export type PageRevision = {
  id: string;
  publishedAt: Date;
  publishedBy: { id: string; name: string } | null;
  copy: Record<string, unknown>;
};

/** Revision ids are UUIDs: anything much longer is not one, and is not looked up. */
const LONGEST_ID = 64;

const pageRowOf = (key: string) => {
  const row = kindOfKey(key) ? getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get() : undefined;
  if (!row) throw new NotFoundError("Page not found");
  return row;
};

/** Staff by id with the name the admin shows (a deleted account's versions stay, unnamed). */
function staffNames(): Map<string, string> {
  return new Map(listStaff().map((person) => [person.id, person.name || person.username]));
}

const revisionOf = (row: typeof pageRevisions.$inferSelect, names: Map<string, string>): PageRevision => ({
  id: row.id,
  publishedAt: row.publishedAt,
  publishedBy: row.publishedBy ? { id: row.publishedBy, name: names.get(row.publishedBy) ?? "" } : null,
  copy: row.copy,
});

/** A page's earlier published versions, newest first; 404 (NotFoundError) for a page there is not. */
export function listRevisionsOfPage(key: string): PageRevision[] {
  pageRowOf(key);
  const names = staffNames();
  return getDb()
    .select()
    .from(pageRevisions)
    .where(eq(pageRevisions.pageKey, key))
    .orderBy(desc(pageRevisions.createdAt), desc(pageRevisions.publishedAt))
    .all()
    .map((row) => revisionOf(row, names));
}

/** One earlier version of the page `key`: NotFoundError for an unknown page, or a revision not of that page. */
export function getPageRevision(key: string, id: string): PageRevision {
  pageRowOf(key);
  const row =
    id.length <= LONGEST_ID
      ? getDb()
          .select()
          .from(pageRevisions)
          .where(and(eq(pageRevisions.pageKey, key), eq(pageRevisions.id, id)))
          .get()
      : undefined;
  if (!row) throw new NotFoundError("Revision not found");
  return revisionOf(row, staffNames());
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An earlier version with the parts the page has gained since taken from today's copy: a field added
 * to a page after that version was live keeps today's words rather than making the version unusable.
 * Lists are the version's own.
 */
export function asRestored(revision: unknown, current: unknown): unknown {
  if (!isRecord(revision) || !isRecord(current)) return revision;
  const names = new Set([...Object.keys(revision), ...Object.keys(current)]);
  // Built with fromEntries, so a key named "__proto__" is a field like any other, never the prototype.
  return Object.fromEntries(
    [...names].map((name) =>
      Object.hasOwn(revision, name)
        ? [name, asRestored(revision[name], current[name])]
        : [name, current[name]],
    ),
  );
}

/**
 * Makes an earlier version the page's draft (replacing any draft waiting; what visitors read is
 * untouched until someone publishes), audited as `page.revision-restored`. The version is checked as a
 * save is (ConflictError when it no longer fits the page's fields); nothing is written on any error.
 */
export function restorePageRevision(key: string, revisionId: string, actor: PageActor): PageRead {
  if (!mayEditPages(actor.role)) throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
  const kind = kindOfKey(key);
  const revision = getPageRevision(key, revisionId);
  const row = pageRowOf(key);
  let draft: Record<string, unknown>;
  try {
    draft = checkPageCopy(kind!, asRestored(revision.copy, row.published));
  } catch (error) {
    if (!(error instanceof PageCopyInvalid)) throw error;
    const [first] = error.issues;
    throw new ConflictError(
      `That version no longer fits the page's fields (${first?.path || "the page"}: ${first?.message})`,
    );
  }
  getDb().transaction(
    (tx) => {
      const changed = tx
        .update(pageCopy)
        .set({ draft, draftSavedAt: new Date(), draftSavedBy: actor.id })
        .where(eq(pageCopy.key, key))
        .run().changes;
      if (!changed) throw new NotFoundError("Page not found");
      recordPageChecks(tx, key);
      audit(
        "page.revision-restored",
        `Page “${titleOf(key, draft)}” (${key}): the version published ${fullDayAndTimeInDublin.format(revision.publishedAt)}, as its draft`,
        tx,
      );
    },
    { behavior: "immediate" },
  );
  return getPage(key, { staff: true });
}
