import { and, eq, isNull } from "drizzle-orm";

import { caseStudies, caseStudyTranslations } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { type Language, pathIn, prefixOf, type VersionFinder } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { caseStudyTranslationAt, liveCaseStudyTranslationAddresses } from "./case-study-translations.server";

/** A case study's address in one language, and whether it exists there (hreflang, the switcher). */
export type CaseStudyVersion = { lang: Language; path: string; exists: boolean };

const WORK_PATH = /^\/work\/([^/]+)\/?$/;

/**
 * A case study's versions in each of the site's languages, for its default-language path
 * (`/work/<slug>`) or a translation's (`/ga/work/<its slug>`): each language's own address (a
 * translation has its own slug), `exists` while it is live there. Undefined for any other path, or an
 * address no live case study has. Where a language has no translation, its path is the default's
 * slug under its prefix (a 404 there that offers the default page).
 */
export function caseStudyVersions(pathname: string): CaseStudyVersion[] | undefined {
  const site = siteLanguages();
  const prefix = prefixOf(pathname);
  const inLang = prefix && prefix.lang !== site.default && site.languages.includes(prefix.lang);
  const slug = WORK_PATH.exec(inLang ? prefix.rest : pathname)?.[1];
  if (!slug) return undefined;
  const sourceId = inLang
    ? caseStudyTranslationAt(prefix.lang, slug)?.source.id
    : getDb()
        .select({ id: caseStudies.id })
        .from(caseStudies)
        .where(
          and(eq(caseStudies.slug, slug), eq(caseStudies.status, "published"), isNull(caseStudies.deletedAt)),
        )
        .get()?.id;
  if (!sourceId) return undefined;
  // Addresses only: every page of a study asks, and a write-up may hold 100 KB.
  const source = getDb()
    .select({ slug: caseStudies.slug })
    .from(caseStudies)
    .where(eq(caseStudies.id, sourceId))
    .get()!;
  const translations = getDb()
    .select({ lang: caseStudyTranslations.lang, slug: caseStudyTranslations.slug })
    .from(caseStudyTranslations)
    .where(
      and(eq(caseStudyTranslations.caseStudyId, sourceId), eq(caseStudyTranslations.status, "published")),
    )
    .all();
  return site.languages.map((lang) => {
    if (lang === site.default) return { lang, path: `/work/${source.slug}`, exists: true };
    const translation = translations.find((row) => row.lang === lang);
    return {
      lang,
      path: pathIn(lang, `/work/${translation?.slug ?? source.slug}`, site),
      exists: Boolean(translation),
    };
  });
}

/**
 * The version finder of the case studies (see languageVersions in the pages feature): for
 * `/work/<slug>` in `lang` (without its prefix), the study's address in every language it is live in.
 */
export const caseStudyFinder: VersionFinder = (lang, path) => {
  if (!WORK_PATH.test(path)) return null;
  const site = siteLanguages();
  const versions = caseStudyVersions(lang === site.default ? path : pathIn(lang, path, site)) ?? [];
  return Object.fromEntries(versions.filter((v) => v.exists).map((v) => [v.lang, v.path]));
};

/** The case studies readers of `lang` can read (not the default), for the sitemap: each address and change time. */
export function translatedCaseStudyPages(lang: Language): { path: string; updatedAt: Date }[] {
  const site = siteLanguages();
  if (lang === site.default || !site.languages.includes(lang)) return [];
  return liveCaseStudyTranslationAddresses(lang).map((translation) => ({
    path: pathIn(lang, `/work/${translation.slug}`, site),
    updatedAt: translation.updatedAt,
  }));
}
