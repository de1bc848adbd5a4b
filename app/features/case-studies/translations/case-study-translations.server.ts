import { and, asc, count, eq, getTableColumns, inArray, isNull } from "drizzle-orm";

import {
  caseStudies,
  type CaseStudy,
  type CaseStudyTranslation,
  caseStudyTranslationOldSlugs,
  caseStudyTranslations,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { type Language } from "~/platform/i18n/languages";
import type { TranslatedKind } from "~/platform/i18n/translation-store.server";
import * as translations from "~/platform/i18n/translation-store.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { checkBody, sanitizePostHtml } from "~/platform/text/sanitize.server";
import { caseStudySlugOf } from "~/platform/text/slug";

import { caseStudyCardColumns } from "../case-study-lists.server";
import type { CaseStudyTranslationInput } from "./translation-schema";

const table = caseStudyTranslations;

/** Case studies' translations: rows beside their study, under the rules every translated kind shares. */
const CASE_STUDY_TRANSLATIONS: TranslatedKind<CaseStudyTranslation, CaseStudy> = {
  noun: "case study",
  translations: table,
  sourceColumn: table.caseStudyId,
  sourceIdOf: (row) => row.caseStudyId,
  sources: caseStudies,
  oldSlugs: caseStudyTranslationOldSlugs,
  unknownSource: (message) => new NotFoundError(message),
  slugOf: caseStudySlugOf,
  audited: (row, _source, subject, tx) =>
    audit(
      row.status === "published" ? "case-study.translation-published" : "case-study.translation-saved",
      subject,
      tx,
    ),
};

export const getCaseStudyTranslation = (id: string) =>
  translations.translationById(CASE_STUDY_TRANSLATIONS, id);

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
  checkBody("body", "The approach", input.body);
  const checked = translations.translationToSave(CASE_STUDY_TRANSLATIONS, id, input);
  const { lang, source } = checked;
  const body = sanitizePostHtml(input.body);
  const now = new Date();
  const values = {
    caseStudyId: source.id,
    lang,
    title: input.title,
    slug: checked.slug,
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
    publishedAt: checked.publishedAt(input.status, now),
    updatedAt: now,
  };
  const saved = translations.writeTranslation(CASE_STUDY_TRANSLATIONS, checked, values, now);
  contentChanged("case-studies");
  // Its card is drawn with its own words once its saves settle, not at the first share.
  if (saved.status === "published") void refreshSocialCard("study", saved.id);
  return saved;
}

const liveIn = (lang: Language) => translations.liveIn(CASE_STUDY_TRANSLATIONS, lang);

export type TranslatedCaseStudy = { translation: CaseStudyTranslation; source: CaseStudy };

const joined = () => translations.translationsWithSources(CASE_STUDY_TRANSLATIONS);

/**
 * The live translations into `lang`, in the agency's order (the portfolio in that language, the
 * sitemap); only those of the studies `of` when given (a list of a few reads only theirs).
 */
export function liveCaseStudyTranslations(
  lang: Language,
  { of }: { of?: string[] } = {},
): TranslatedCaseStudy[] {
  return joined()
    .where(and(liveIn(lang), of === undefined ? undefined : inArray(table.caseStudyId, of)))
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt))
    .all() as TranslatedCaseStudy[];
}

const {
  challenge: _challenge,
  body: _body,
  outcome: _outcome,
  ...translationCardColumns
} = getTableColumns(table);

/**
 * The live translations into `lang` in the agency's order as their cards show them (the portfolio in
 * that language, the next study, the sitemap): every column but the write-ups, which are left empty.
 * An agency may keep thousands of studies of 100 KB: a list of cards reads none of them.
 */
export function liveCaseStudyTranslationCards(lang: Language): TranslatedCaseStudy[] {
  return getDb()
    .select({ translation: translationCardColumns, source: caseStudyCardColumns })
    .from(table)
    .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId))
    .where(liveIn(lang))
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id))
    .all()
    .map(({ translation, source }) => ({
      translation: { ...translation, challenge: "", body: "", outcome: "" },
      source: { ...source, legacyMarkdown: "", challenge: "", body: "", outcome: "" },
    }));
}

/**
 * The first `limit` live translations into `lang` in the agency's order as their cards show them (write-ups
 * empty), with how many there are: /ga/work, a screenful at a time. Walked from the studies' index as
 * liveCaseStudyTranslationAddresses is; only the shown rows are read.
 */
export function liveCaseStudyTranslationCardsPage(
  lang: Language,
  { limit }: { limit: number },
): { rows: TranslatedCaseStudy[]; total: number } {
  const db = getDb();
  const live = and(eq(caseStudies.id, table.caseStudyId), liveIn(lang));
  const rows = db
    .select({ translation: translationCardColumns, source: caseStudyCardColumns })
    .from(caseStudies)
    .crossJoin(table)
    .where(live)
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id))
    .limit(limit)
    .all()
    .map(({ translation, source }) => ({
      translation: { ...translation, challenge: "", body: "", outcome: "" },
      source: { ...source, legacyMarkdown: "", challenge: "", body: "", outcome: "" },
    }));
  const total = db.select({ n: count() }).from(caseStudies).crossJoin(table).where(live).get()?.n ?? 0;
  return { rows, total };
}

/**
 * The live translations into `lang` in the agency's order, their addresses, titles and change times
 * only (the sitemap, the next study in that language). The studies are walked in their index's order
 * and each one's translation found by its own (a cross join keeps that order of the loops): joined the
 * other way, each study's row was read past its write-up, 28 ms for 1,000 on every Irish study page.
 */
export function liveCaseStudyTranslationAddresses(
  lang: Language,
): Pick<CaseStudyTranslation, "id" | "slug" | "title" | "category" | "updatedAt">[] {
  return getDb()
    .select({
      id: table.id,
      slug: table.slug,
      title: table.title,
      category: table.category,
      updatedAt: table.updatedAt,
    })
    .from(caseStudies)
    .crossJoin(table)
    .where(and(eq(caseStudies.id, table.caseStudyId), liveIn(lang)))
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id))
    .all();
}

/**
 * A page of the translations into `lang` in the agency's order, with how many there are: the live ones,
 * or for staff every one (drafts too): GET /api/work?lang=. Only the page's rows are read whole.
 */
export function caseStudyTranslationsPage(
  lang: Language,
  { staff, limit, offset }: { staff: boolean; limit: number; offset: number },
): { rows: { translation: CaseStudyTranslation; source: Pick<CaseStudy, "updatedAt"> }[]; total: number } {
  const db = getDb();
  const where = staff ? and(eq(table.lang, lang), isNull(caseStudies.deletedAt)) : liveIn(lang);
  const rows = db
    .select({ translation: table, source: { updatedAt: caseStudies.updatedAt } })
    .from(table)
    .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId))
    .where(where)
    .orderBy(asc(caseStudies.position), asc(caseStudies.createdAt), asc(caseStudies.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total =
    db
      .select({ n: count() })
      .from(table)
      .innerJoin(caseStudies, eq(caseStudies.id, table.caseStudyId))
      .where(where)
      .get()?.n ?? 0;
  return { rows, total };
}

/** A translation by its address in its language: live only, or drafts too for staff. */
export const caseStudyTranslationAt = (lang: Language, slug: string, { includeDrafts = false } = {}) =>
  translations.translationAtAddress(CASE_STUDY_TRANSLATIONS, lang, slug, includeDrafts);

/** The current address of the live translation that once lived at `oldSlug` in `lang`, for a 301. */
export const movedCaseStudyTranslationSlug = (lang: Language, oldSlug: string) =>
  translations.movedAddress(CASE_STUDY_TRANSLATIONS, lang, oldSlug);

/** The live translations of a case study, by language. */
export const liveTranslationsOfCaseStudy = (caseStudyId: string) =>
  translations.liveTranslationsOfSource(CASE_STUDY_TRANSLATIONS, caseStudyId);

/** Every translation of the given case studies (drafts too), for the admin's list: each with its state. */
export const translationsOfCaseStudies = (sources: Pick<CaseStudy, "id" | "updatedAt">[]) =>
  translations.translationsOfSources(CASE_STUDY_TRANSLATIONS, sources);

/** The languages some case study is translated into (drafts too): the site cannot drop one of these. */
export const caseStudyLanguagesInUse = () => translations.languagesInUse(CASE_STUDY_TRANSLATIONS);

/** Every live case study's address in each language it is live in: the sitemap's alternates, in one query. */
export const everyCaseStudyVersion = () => translations.everyLiveVersion(CASE_STUDY_TRANSLATIONS, "/work");
