import { isLanguage, type Language, prefixOf, type SiteLanguages } from "~/platform/i18n/languages";

/**
 * A visit's language: its landing page's (the path's prefix, "/ga/…"; the default language's
 * otherwise), one of the site's. Every page view of the visit counts for it, as the visit's source does.
 */
export function visitLanguage(landingPage: string, site: SiteLanguages): Language {
  const lang = prefixOf(landingPage)?.lang;
  return lang && site.languages.includes(lang) ? lang : site.default;
}

/**
 * An enquiry's language for the figures: its visit's where it had one (as the visits it converts are
 * counted), else the page it was sent from, else the default language's.
 */
export function enquiryLanguage(
  enquiry: { attribution: { landingPage?: string | null } | null; lang: string | null },
  site: SiteLanguages,
): Language {
  const landing = enquiry.attribution?.landingPage;
  if (landing) return visitLanguage(landing, site);
  return isLanguage(enquiry.lang) && site.languages.includes(enquiry.lang) ? enquiry.lang : site.default;
}

/** The roll-ups' dimension of the figures of one language's visits ("source@ga"); the whole site's has none. */
export const dimensionIn = (dimension: string, lang: Language | null) =>
  lang ? `${dimension}@${lang}` : dimension;
