import { and, asc, count, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";

import { caseStudies, type CaseStudy, caseStudyTranslations } from "#db/schema";
import { getDb } from "~/platform/db.server";
import type { Language } from "~/platform/i18n/languages";

/*
 * The lists of case studies read only what they show: a study may hold a 100 KB write-up and an agency
 * may keep thousands, so a page of six reads six rows and a count, never every write-up.
 */

const notDeleted = isNull(caseStudies.deletedAt);
const isPublished = and(notDeleted, eq(caseStudies.status, "published"))!;
const inOrder = [asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id)];

/** What a card (and a drawn cover) shows of a study: everything but its write-up. */
const {
  legacyMarkdown: _markdown,
  challenge: _challenge,
  body: _body,
  outcome: _outcome,
  ...cardColumns
} = getTableColumns(caseStudies);
export { cardColumns as caseStudyCardColumns };
export type CaseStudyCardRow = Omit<CaseStudy, "legacyMarkdown" | "challenge" | "body" | "outcome">;

/** Whether a study has a live translation into `lang`. */
export const translatedInto = (lang: Language): SQL =>
  sql`exists (select 1 from ${caseStudyTranslations} where ${caseStudyTranslations.caseStudyId} = ${caseStudies.id}
    and ${caseStudyTranslations.lang} = ${lang} and ${caseStudyTranslations.status} = 'published')`;

/** Whether a study credits `service` (one of its credits). */
export const crediting = (service: string): SQL =>
  sql`exists (select 1 from json_each(${caseStudies.credits}) where value = ${service})`;

function counted(where: SQL | undefined): number {
  return getDb().select({ n: count() }).from(caseStudies).where(where).get()?.n ?? 0;
}

/** A page of the published studies' cards in the agency's order (of one category if given), with how many there are: /work. */
export function publishedCaseStudyCards({
  category,
  limit,
  offset = 0,
}: {
  category?: string;
  limit: number;
  offset?: number;
}): { rows: CaseStudyCardRow[]; total: number } {
  const where = and(isPublished, category === undefined ? undefined : eq(caseStudies.category, category));
  const rows = getDb()
    .select(cardColumns)
    .from(caseStudies)
    .where(where)
    .orderBy(...inOrder)
    .limit(limit)
    .offset(offset)
    .all();
  return { rows, total: counted(where) };
}

/** A page of the case studies whole (drafts too for staff), in the agency's order, with how many there are: GET /api/work. */
export function caseStudiesPage({
  drafts,
  limit,
  offset,
}: {
  drafts: boolean;
  limit: number;
  offset: number;
}): { rows: CaseStudy[]; total: number } {
  const where = drafts ? notDeleted : isPublished;
  const rows = getDb()
    .select()
    .from(caseStudies)
    .where(where)
    .orderBy(...inOrder)
    .limit(limit)
    .offset(offset)
    .all();
  return { rows, total: counted(where) };
}

/** The published studies' addresses, titles and change times, in the agency's order: the sitemap, the link picker. */
export function publishedCaseStudyAddresses(): Pick<CaseStudy, "id" | "slug" | "title" | "updatedAt">[] {
  return getDb()
    .select({
      id: caseStudies.id,
      slug: caseStudies.slug,
      title: caseStudies.title,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(isPublished)
    .orderBy(...inOrder)
    .all();
}

/** Published studies in the agency's order, whole, narrowed by `where` and at most `limit`. */
export function publishedCaseStudies({ where, limit }: { where?: SQL; limit?: number } = {}): CaseStudy[] {
  const query = getDb()
    .select()
    .from(caseStudies)
    .where(and(isPublished, where))
    .orderBy(...inOrder);
  return (limit === undefined ? query : query.limit(limit)).all();
}
