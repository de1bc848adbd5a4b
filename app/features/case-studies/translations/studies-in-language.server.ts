import type { CaseStudy } from "#db/schema";
import { type Language, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { liveCaseStudyTranslations } from "./case-study-translations.server";
import { translatedStudy } from "./translated-study";

/** A case study as a page in one language shows it: its words in that language and its address there. */
export type StudyInLanguage = CaseStudy & { href: string };

/**
 * The case studies of a list (the home page's featured ones, a service's) as readers of `lang` see
 * them: in the default language each one at its address; in another, only those with a live
 * translation, in its words and at its address (no English study in an Irish list), in the list's order.
 */
export function studiesInLanguage(studies: CaseStudy[], lang: Language): StudyInLanguage[] {
  const site = siteLanguages();
  if (lang === site.default) return studies.map((study) => ({ ...study, href: `/work/${study.slug}` }));
  const translations = new Map(
    liveCaseStudyTranslations(lang, { of: studies.map((study) => study.id) }).map(
      ({ source, translation }) => [source.id, translation],
    ),
  );
  return studies.flatMap((study) => {
    const translation = translations.get(study.id);
    if (!translation) return [];
    return [
      { ...translatedStudy(study, translation), href: pathIn(lang, `/work/${translation.slug}`, site) },
    ];
  });
}
