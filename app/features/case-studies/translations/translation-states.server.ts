import type { CaseStudy } from "#db/schema";
import { type Language, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { TranslationState } from "~/platform/i18n/translation-rules.server";

import { translationsOfCaseStudies } from "./case-study-translations.server";

export type LanguageState = { lang: Language; language: string; state: TranslationState | "missing" };

/** Each case study's state in each of the site's other languages (missing, draft, up to date, outdated). */
export function translationStatesOf(
  sources: Pick<CaseStudy, "id" | "updatedAt">[],
): Map<string, LanguageState[]> {
  const site = siteLanguages();
  const others = site.languages.filter((lang) => lang !== site.default);
  const found = translationsOfCaseStudies(sources);
  return new Map(
    sources.map((source) => [
      source.id,
      others.map((lang) => ({
        lang,
        language: LANGUAGES[lang].name,
        state: found.get(source.id)?.find((row) => row.lang === lang)?.state ?? "missing",
      })),
    ]),
  );
}
