import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from "drizzle-orm";

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

/** A card's study with its write-ups left empty, for what takes a whole study (a translation laid over it). */
const asStudy = (row: CaseStudyCardRow): CaseStudy => ({
  ...row,
  legacyMarkdown: "",
  challenge: "",
  body: "",
  outcome: "",
});

/** Whether a study has a live translation into `lang`. */
export const translatedInto = (lang: Language): SQL =>
  sql`exists (select 1 from ${caseStudyTranslations} where ${caseStudyTranslations.caseStudyId} = ${caseStudies.id}
    and ${caseStudyTranslations.lang} = ${lang} and ${caseStudyTranslations.status} = 'published')`;

/** Whether a study credits `service` (one of its credits). */
export const crediting = (service: string): SQL =>
  sql`exists (select 1 from json_each(${caseStudies.credits}) where value = ${service})`;

/** A page of the studies' cards that match, in the agency's order. */
function cardsPage(where: SQL | undefined, limit: number, offset: number): CaseStudyCardRow[] {
  return getDb()
    .select(cardColumns)
    .from(caseStudies)
    .where(where)
    .orderBy(...inOrder)
    .limit(limit)
    .offset(offset)
    .all();
}

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
  return { rows: cardsPage(where, limit, offset), total: counted(where) };
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

/**
 * Where each service's signature study sits among the published studies crediting it (under `lang`,
 * those live in it) in the agency's order, services in their list's order: the first study the service
 * led (its first credit) that no service before it opens on, else the first crediting it that none
 * does, so services sharing clients open on different work, each on work it led where it can; when
 * every one is taken, its place in the list, counted round. A bounded look at each service's first
 * studies (no service needs more than one more than the services before it), then a count.
 */
export function signaturePlaces(services: string[], lang?: Language): number[] {
  const taken = new Set<string>();
  return services.map((service, place) => {
    const where = and(isPublished, crediting(service), lang === undefined ? undefined : translatedInto(lang));
    const ids = getDb()
      .select({ id: caseStudies.id })
      .from(caseStudies)
      .where(where)
      .orderBy(sql`(${caseStudies.credits} ->> 0) = ${service} desc`, ...inOrder)
      .limit(place + 1)
      .all()
      .map((row) => row.id);
    const free = ids.find((id) => !taken.has(id));
    if (free === undefined) return place;
    taken.add(free);
    // Its place in the agency's order, which the service's proof and quotes are read in.
    return counted(
      and(
        where,
        sql`(${caseStudies.position}, ${caseStudies.createdAt}, ${caseStudies.id}) <
          (select position, created_at, id from ${caseStudies} as chosen where chosen.id = ${free})`,
      ),
    );
  });
}

/**
 * A service's proof: of the published studies crediting `service` (under `lang`, only those live in it),
 * the one at `signatureAt` counted round, and the first `others` besides it, as cards (write-ups empty).
 * Two pages of rows and a count, however many studies credit it.
 */
export function serviceProofCards(
  service: string,
  { lang, signatureAt, others }: { lang?: Language; signatureAt: number; others: number },
): { signature: CaseStudy | null; others: CaseStudy[] } {
  const where = and(isPublished, crediting(service), lang === undefined ? undefined : translatedInto(lang));
  const total = counted(where);
  if (!total) return { signature: null, others: [] };
  const page = (limit: number, offset: number) => cardsPage(where, limit, offset).map(asStudy);
  const [signature] = page(1, signatureAt % total);
  if (!signature) return { signature: null, others: [] };
  return {
    signature,
    others: page(others + 1, 0)
      .filter((study) => study.id !== signature.id)
      .slice(0, others),
  };
}

/**
 * The clients' quotes (testimonial ids) of the published studies crediting `service`, in the agency's
 * order from the `from`th study with a quote on, counted round, each once (where it first comes): the
 * first shown of these is the one the studies in that order would give. One query, however many
 * studies credit the service (a client may have given the quote of hundreds).
 */
export function creditedTestimonialIds(service: string, from: number): string[] {
  const where = and(isPublished, crediting(service), isNotNull(caseStudies.testimonialId));
  const quoted = getDb()
    .select({
      id: caseStudies.testimonialId,
      at: sql<number>`row_number() over (order by ${caseStudies.position}, ${caseStudies.createdAt}, ${caseStudies.id}) - 1`.as(
        "at",
      ),
      of: sql<number>`count(*) over ()`.as("of"),
    })
    .from(caseStudies)
    .where(where)
    .as("quoted");
  const round = sql<number>`min((${quoted.at} - ${from} % ${quoted.of} + ${quoted.of}) % ${quoted.of})`;
  return getDb()
    .select({ id: quoted.id })
    .from(quoted)
    .groupBy(quoted.id)
    .orderBy(round)
    .all()
    .map((row) => row.id!);
}

/** Studies a page of the admin's list shows: a portfolio of thousands is many pages, not one. */
export const ADMIN_CASE_STUDIES_PER_PAGE = 50;

/** What the admin's list shows of a study: never a write-up. */
const adminListed = {
  id: caseStudies.id,
  title: caseStudies.title,
  slug: caseStudies.slug,
  status: caseStudies.status,
  category: caseStudies.category,
  clientName: caseStudies.clientName,
  featured: caseStudies.featured,
  coverImage: caseStudies.coverImage,
  unpublishAt: caseStudies.unpublishAt,
  endedAt: caseStudies.endedAt,
  updatedAt: caseStudies.updatedAt,
};

/**
 * One page of /admin/case-studies in the agency's order, drafts too (`problemsOnly`: the studies whose
 * checks found problems), with how many there are and where the page starts in the whole order. A
 * page asked past the last is the last; one that is not a number, the first.
 */
export function adminCaseStudiesPage({
  problemsOnly = false,
  page = 1,
}: {
  problemsOnly?: boolean;
  page?: number;
} = {}) {
  const where = and(notDeleted, problemsOnly ? gt(caseStudies.checkProblems, 0) : undefined);
  const total = counted(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_CASE_STUDIES_PER_PAGE));
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const offset = (shown - 1) * ADMIN_CASE_STUDIES_PER_PAGE;
  const rows = getDb()
    .select(adminListed)
    .from(caseStudies)
    .where(where)
    .orderBy(...inOrder)
    .limit(ADMIN_CASE_STUDIES_PER_PAGE)
    .offset(offset)
    .all();
  return { rows, total, page: shown, pageCount, offset };
}

/** Every category a study has (drafts too), alphabetically: the editor's suggestions. */
export function caseStudyCategoriesInUse(): string[] {
  return (
    getDb()
      .selectDistinct({ category: caseStudies.category })
      .from(caseStudies)
      // Every state named, so the categories' index answers (a category sits past the write-up in a row).
      .where(and(inArray(caseStudies.status, ["draft", "published"]), notDeleted))
      .orderBy(asc(caseStudies.category))
      .all()
      .map((row) => row.category)
  );
}
