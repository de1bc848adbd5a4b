import { FieldError } from "~/platform/http/errors.server";

import { isLanguage, type Language, LANGUAGE_CODES, LANGUAGES } from "./languages";
import { siteLanguages } from "./site-languages.server";

/** A translation's state beside its source: a draft, published and up to date, or outdated (the source was edited since). */
export type TranslationState = "draft" | "up to date" | "outdated";

export const translationStateOf = (
  translation: { status: string; sourceUpdatedAt: Date },
  source: { updatedAt: Date },
): TranslationState =>
  translation.status !== "published"
    ? "draft"
    : new Date(source.updatedAt).getTime() > new Date(translation.sourceUpdatedAt).getTime()
      ? "outdated"
      : "up to date";

const unknownLanguage = (lang: string) =>
  new FieldError(
    "lang",
    `Unknown language “${lang.slice(0, 10)}”: the site has words for ${LANGUAGE_CODES.join(", ")}`,
  );

/**
 * The language an item (`what`: "post", "case study") may be translated into: one the product has
 * words for, the site is in, and not the default; else a FieldError on `lang`.
 */
export function translationLanguage(lang: string, what: string): Language {
  if (!isLanguage(lang)) throw unknownLanguage(lang);
  const site = siteLanguages();
  const name = LANGUAGES[lang].name;
  if (lang === site.default)
    throw new FieldError(
      "lang",
      `${name} is the site's default language: a ${what} in it is the source itself, not a translation`,
    );
  if (!site.languages.includes(lang))
    throw new FieldError(
      "lang",
      `The site is not in ${name}: add it in Site settings → Languages before translating into it`,
    );
  return lang;
}

/** A language the site is in, as `?lang=` names it; else a FieldError. */
export function siteLanguageNamed(lang: string): Language {
  if (!isLanguage(lang)) throw unknownLanguage(lang);
  if (!siteLanguages().languages.includes(lang))
    throw new FieldError("lang", `The site is not in ${LANGUAGES[lang].name}`);
  return lang;
}
