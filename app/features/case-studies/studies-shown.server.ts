import type { CaseStudy, CaseStudyTranslation } from "#db/schema";
import { translatedStudyCover } from "~/features/social-cards/index.server";
import type { Language } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import {
  studiesInLanguage as inLanguage,
  type StudyInLanguage,
} from "./translations/studies-in-language.server";
import { translatedStudy } from "./translations/translated-study";

/**
 * A case study's translation as its readers see it: its words over the study's facts, and its own drawn
 * cover (its title and results' labels), or the study's chosen one.
 */
export function shownTranslation(source: CaseStudy, translation: CaseStudyTranslation): CaseStudy {
  const study = translatedStudy(source, translation);
  return { ...study, coverImage: translatedStudyCover(study) };
}

/** The studies of a list as readers of `lang` see them (studiesInLanguage), each translation with its own cover. */
export function studiesInLanguage(studies: CaseStudy[], lang: Language): StudyInLanguage[] {
  const shown = inLanguage(studies, lang);
  if (lang === siteLanguages().default) return shown;
  return shown.map((study) => ({ ...study, coverImage: translatedStudyCover(study) }));
}
