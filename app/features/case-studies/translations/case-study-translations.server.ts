import { and, asc, eq, inArray, isNull } from "drizzle-orm";

import {
  caseStudies,
  type CaseStudy,
  type CaseStudyTranslation,
  caseStudyTranslationOldSlugs,
  caseStudyTranslations,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation, NotFoundError } from "~/platform/http/errors.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import {
  translationLanguage,
  type TranslationState,
  translationStateOf,
} from "~/platform/i18n/translation-rules.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { caseStudySlugOf, chooseSlug } from "~/platform/text/slug";

import type { CaseStudyTranslationInput } from "./translation-schema";

const nameOf = (code: Language) => LANGUAGES[code].name;
const table = caseStudyTranslations;

/** The source a translation may be made of: a case study of the default language that is not deleted. */
function sourceFor(translationOf: string): CaseStudy {
  const db = getDb();
  const source = db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.id, translationOf), isNull(caseStudies.deletedAt)))
    .get();
  if (source) return source;
  const translation = db.select().from(table).where(eq(table.id, translationOf)).get();
  if (translation)
    throw new FieldError(
      "translationOf",
      `That is a translation itself: translate its source case study (${translation.caseStudyId})`,
    );
  throw new NotFoundError("No case study has this id (translationOf)");
}

export function getCaseStudyTranslation(id: string): CaseStudyTranslation | undefined {
  return getDb().select().from(table).where(eq(table.id, id)).get();
}

/** A case study's translation into `lang` (drafts too), for the admin's form. */
export function translationOfCaseStudy(caseStudyId: string, lang: Language) {
  return getDb()
    .select()
    .from(table)
    .where(and(eq(table.caseStudyId, caseStudyId), eq(table.lang, lang)))
    .get();
}

/**
 * Creates (id undefined) or replaces a case study's translation. Refused with nothing written: an
 * unknown language, one the site is not in, the default language, a source that is missing (404) or
 * is a translation itself, a second translation for the same language (409), an address taken in that
 * language (409). A translation keeps its source and language once made. Changing the address of a
 * published translation keeps the old one as a 301.
 */
export function saveCaseStudyTranslation(
  id: string | undefined,
  input: CaseStudyTranslationInput,
): CaseStudyTranslation {
  const before = id ? getCaseStudyTranslation(id) : undefined;
  if (id && !before) throw new NotFoundError("Case study not found");
  const lang = translationLanguage(input.lang, "case study");
  const source = sourceFor(input.translationOf);
  if (before && (before.caseStudyId !== source.id || before.lang !== lang))
    throw new FieldError("translationOf", "A translation keeps its source case study and language once made");
  const chosen = chooseSlug(
    input.slug,
    input.title,
    before?.status === "published" ? before.slug : null,
    "case study",
    caseStudySlugOf,
  );
  if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
  const body = sanitizePostHtml(input.body);
  const now = new Date();
  const values = {
    caseStudyId: source.id,
    lang,
    title: input.title,
    slug: chosen.slug,
    category: input.category,
    excerpt: input.excerpt.trim() || excerptFromBody(input.challenge || body),
    challenge: input.challenge,
    body,
    outcome: input.outcome,
    coverAlt: input.coverAlt,
    metricLabels: input.metricLabels.slice(0, source.metrics.length),
    tags: input.tags,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    status: input.status,
    sourceUpdatedAt: source.updatedAt,
    publishedAt: input.status === "published" ? (before?.publishedAt ?? now) : (before?.publishedAt ?? null),
    updatedAt: now,
  };
  let saved: CaseStudyTranslation;
  try {
    saved = getDb().transaction(
      (tx) => {
        const twin = tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.caseStudyId, source.id), eq(table.lang, lang)))
          .get();
        if (twin && twin.id !== id)
          throw new ConflictError(
            `This case study already has a ${nameOf(lang)} translation (${twin.id}): change that one`,
            "lang",
          );
        const taken = tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.lang, lang), eq(table.slug, chosen.slug)))
          .get();
        if (taken && taken.id !== id)
          throw new ConflictError(
            `Another ${nameOf(lang)} case study has the address “${chosen.slug}”: choose another`,
            chosen.field,
          );
        const row = before
          ? tx.update(table).set(values).where(eq(table.id, before.id)).returning().get()
          : tx
              .insert(table)
              .values({ ...values, createdAt: now })
              .returning()
              .get();
        // The address is this translation's now; a live one's former address answers 301 to it.
        const old = caseStudyTranslationOldSlugs;
        tx.delete(old)
          .where(and(eq(old.lang, lang), eq(old.oldSlug, row.slug)))
          .run();
        if (before && before.status === "published" && before.slug !== row.slug)
          tx.insert(old)
            .values({ lang, oldSlug: before.slug, translationId: row.id })
            .onConflictDoUpdate({ target: [old.lang, old.oldSlug], set: { translationId: row.id } })
            .run();
        audit(
          row.status === "published" ? "case-study.translation-published" : "case-study.translation-saved",
          `Case study “${source.title}” in ${nameOf(lang)}: “${row.title}”`,
          tx,
        );
        return row;
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Two requests at once for the same study and language (or address): the index refuses the second.
    if (isUniqueViolation(error))
      throw new ConflictError(
        `This case study already has a ${nameOf(lang)} translation, or the address is taken`,
      );
    throw error;
  }
  contentChanged("case-studies");
  return saved;
}

/** Whether a translation is live: published, with its source published and not deleted. */
const liveIn = (lang: Language) =>
  and(
    eq(table.lang, lang),
    eq(table.status, "published"),
    eq(caseStudies.status, "published"),
    isNull(caseStudies.deletedAt),
  );

export type TranslatedCaseStudy = { translation: CaseStudyTranslation; source: CaseStudy };

const joined = () =>
  getDb()
    .select({ translation: table, source: caseStudies })
    .from(table)
    .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId));

/** The live translations into `lang`, in the agency's order (the portfolio in that language, the sitemap). */
export function liveCaseStudyTranslations(lang: Language): TranslatedCaseStudy[] {
  return joined().where(liveIn(lang)).orderBy(asc(caseStudies.position), asc(caseStudies.createdAt)).all();
}

/** Every translation into `lang` (drafts too) for staff: GET /api/work?lang= signed in. */
export function allCaseStudyTranslationsIn(lang: Language): TranslatedCaseStudy[] {
  return joined()
    .where(and(eq(table.lang, lang), isNull(caseStudies.deletedAt)))
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt))
    .all();
}

/** A translation by its address in its language: live only, or drafts too for staff. */
export function caseStudyTranslationAt(
  lang: Language,
  slug: string,
  { includeDrafts = false } = {},
): TranslatedCaseStudy | undefined {
  const where = includeDrafts
    ? and(eq(table.lang, lang), eq(table.slug, slug), isNull(caseStudies.deletedAt))
    : and(liveIn(lang), eq(table.slug, slug));
  return joined().where(where).get();
}

/** The current address of the live translation that once lived at `oldSlug` in `lang`, for a 301. */
export function movedCaseStudyTranslationSlug(lang: Language, oldSlug: string): string | undefined {
  const old = caseStudyTranslationOldSlugs;
  return getDb()
    .select({ slug: table.slug })
    .from(old)
    .innerJoin(table, eq(table.id, old.translationId))
    .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId))
    .where(and(eq(old.lang, lang), eq(old.oldSlug, oldSlug), liveIn(lang)))
    .get()?.slug;
}

/** The live translations of a case study, by language. */
export function liveTranslationsOfCaseStudy(caseStudyId: string): Map<Language, CaseStudyTranslation> {
  const rows = joined()
    .where(
      and(
        eq(table.caseStudyId, caseStudyId),
        eq(table.status, "published"),
        eq(caseStudies.status, "published"),
        isNull(caseStudies.deletedAt),
      ),
    )
    .all();
  return new Map(
    rows
      .filter((row) => isLanguage(row.translation.lang))
      .map((row) => [row.translation.lang as Language, row.translation]),
  );
}

export type TranslationOfItem = { id: string; lang: Language; slug: string; state: TranslationState };

/** Every translation of the given case studies (drafts too), for the admin's list: each with its state. */
export function translationsOfCaseStudies(
  sources: Pick<CaseStudy, "id" | "updatedAt">[],
): Map<string, TranslationOfItem[]> {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const found = new Map<string, TranslationOfItem[]>();
  if (!sources.length) return found;
  const rows = getDb()
    .select()
    .from(table)
    .where(inArray(table.caseStudyId, [...byId.keys()]))
    .all();
  for (const row of rows) {
    const source = byId.get(row.caseStudyId);
    if (!source || !isLanguage(row.lang)) continue;
    const list = found.get(row.caseStudyId) ?? [];
    list.push({ id: row.id, lang: row.lang, slug: row.slug, state: translationStateOf(row, source) });
    found.set(row.caseStudyId, list);
  }
  return found;
}

/** The languages some case study is translated into (drafts too): the site cannot drop one of these. */
export function caseStudyLanguagesInUse(): Language[] {
  return getDb()
    .selectDistinct({ lang: table.lang })
    .from(table)
    .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId))
    .where(isNull(caseStudies.deletedAt))
    .all()
    .map((row) => row.lang)
    .filter(isLanguage);
}
