import type { Language } from "~/platform/i18n/languages";

/**
 * The version of the consent wording in each language (its words are the catalogs'
 * `newsletter.box.consent`): what a subscriber agreed to is kept with their consent record as the words
 * they were shown, in the page's language, and this version. A change of a language's wording is a new
 * version of that language alone (the date it took effect); records keep the words they were given.
 * English keeps the version its records have had since consent was first recorded.
 */
export const CONSENT_VERSIONS: Record<Language, string> = {
  en: "2026-11-23",
  ga: "ga-2026-11-28",
  de: "de-2026-11-28",
  fr: "fr-2026-11-28",
};
