import { and, desc, eq, lte, notInArray, sql } from "drizzle-orm";

import { type EditedKind, revisions, users } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

import { requireEditedItem } from "./edited-items.server";
import { type ChangedField, type ComparedField, revisionChanges } from "./revision-changes";

/** Revisions kept per post or case study: the oldest go first. */
export const MAX_REVISIONS = 50;

/** What every snapshot holds, whatever else its kind keeps. */
export type Snapshot = { title: string; slug: string; status: string };

const owner = (kind: EditedKind) => (kind === "post" ? revisions.postId : revisions.caseStudyId);
const ownedBy = (kind: EditedKind, id: string) =>
  kind === "post" ? { postId: id, caseStudyId: null } : { postId: null, caseStudyId: id };

// Two saves in one millisecond keep their order by insertion.
const newestFirst = [desc(revisions.createdAt), desc(sql`${revisions}.rowid`)];

/**
 * Keeps the item as just saved (inside the save's transaction). Its first revision also keeps the
 * state before that save, so the admin can go back to it.
 */
export function recordRevisionIn<Row extends { id: string; updatedAt: Date }>(
  tx: Tx,
  kind: EditedKind,
  {
    before,
    after,
    snapshotOf,
    authorId,
    now,
  }: { before?: Row; after: Row; snapshotOf: (row: Row) => Snapshot; authorId?: string; now: Date },
) {
  const id = after.id;
  const hasAny = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(eq(owner(kind), id))
    .get();
  if (!hasAny && before) {
    const at = new Date(Math.min(before.updatedAt.getTime(), now.getTime()));
    tx.insert(revisions)
      .values({ ...ownedBy(kind, id), snapshot: snapshotOf(before), authorId: null, createdAt: at })
      .run();
  }
  tx.insert(revisions)
    .values({ ...ownedBy(kind, id), snapshot: snapshotOf(after), authorId: authorId ?? null, createdAt: now })
    .run();
  const kept = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(eq(owner(kind), id))
    .orderBy(...newestFirst)
    .limit(MAX_REVISIONS);
  tx.delete(revisions)
    .where(and(eq(owner(kind), id), notInArray(revisions.id, kept)))
    .run();
}

export type RevisionSummary = {
  id: string;
  createdAt: Date;
  title: string;
  slug: string;
  status: string;
  author: string | null;
};

/** How many revisions an item has (for its editor's link; nothing of them is read). */
export function countRevisions(kind: EditedKind, id: string): number {
  return (
    getDb()
      .select({ n: sql<number>`count(*)` })
      .from(revisions)
      .where(eq(owner(kind), id))
      .get()?.n ?? 0
  );
}

/**
 * Revisions with the name of whoever saved each as posts show it (their display name, else their
 * username; none once that account is gone).
 */
const withAuthors = () =>
  getDb()
    .select({
      id: revisions.id,
      createdAt: revisions.createdAt,
      snapshot: revisions.snapshot,
      author: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.username})`,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId));

/** An item's revisions, newest first (NotFoundError for an unknown item). */
export function listRevisions(kind: EditedKind, id: string): RevisionSummary[] {
  requireEditedItem(kind, id);
  return withAuthors()
    .where(eq(owner(kind), id))
    .orderBy(...newestFirst)
    .all()
    .map(({ id, createdAt, snapshot, author }) => {
      const { title, slug, status } = snapshot as Snapshot;
      return { id, createdAt, title, slug, status, author: author ?? null };
    });
}

export type Revision<S extends Snapshot = Snapshot> = {
  id: string;
  createdAt: Date;
  author: string | null;
  snapshot: S;
};

/** One revision with its snapshot (NotFoundError for an unknown item or revision, or another's). */
export function getRevision<S extends Snapshot>(
  kind: EditedKind,
  id: string,
  revisionId: string,
): Revision<S> {
  requireEditedItem(kind, id);
  const row = withAuthors()
    .where(and(eq(revisions.id, revisionId), eq(owner(kind), id)))
    .get();
  if (!row) throw new NotFoundError("Revision not found");
  return { ...row, author: row.author ?? null, snapshot: row.snapshot as S };
}

/**
 * What changed in an item's words since `at` (when a translation of it was written): its revision of
 * that moment against it now, field by field; null when no revision that old is kept (it was not live).
 */
export function changesSince(
  kind: EditedKind,
  item: { id: string } & Record<string, unknown>,
  at: Date,
  fields: ComparedField[],
): ChangedField[] | null {
  const then = getDb()
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(owner(kind), item.id), lte(revisions.createdAt, at)))
    .orderBy(...newestFirst)
    .limit(1)
    .get();
  return then ? revisionChanges(then.snapshot, item, fields) : null;
}
