/**
 * The languages the product has interface words for: one catalog each in ./catalogs. Adding a
 * language is adding its catalog and its line here (docs/languages.md). Pure data: app/routes.ts reads
 * it to give each language its prefixed addresses.
 */
export const LANGUAGES = {
  en: { name: "English", native: "English", tag: "en-IE", ogLocale: "en_IE" },
  ga: { name: "Irish", native: "Gaeilge", tag: "ga-IE", ogLocale: "ga_IE" },
  de: { name: "German", native: "Deutsch", tag: "de-DE", ogLocale: "de_DE" },
  fr: { name: "French", native: "Français", tag: "fr-FR", ogLocale: "fr_FR" },
} as const;

export type Language = keyof typeof LANGUAGES;

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** Whether `code` is a language the product has words for ("__proto__" and "toString" are not). */
export const isLanguage = (code: unknown): code is Language =>
  typeof code === "string" && Object.hasOwn(LANGUAGES, code);

/** The site's languages: the default one (no prefix) and every one the site is in, the default first. */
export type SiteLanguages = { default: Language; languages: Language[] };

export const ENGLISH_ONLY: SiteLanguages = { default: "en", languages: ["en"] };

/** A path as it is in `lang`: the default language's addresses have no prefix ("/about", "/ga/about"). */
export function pathIn(lang: Language, path: string, site: SiteLanguages): string {
  if (lang === site.default) return path;
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

/** The language a path's prefix names ("/ga/about" → ga), and the path without it; null without one. */
export function prefixOf(pathname: string): { lang: Language; rest: string } | null {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (!match || !isLanguage(match[1])) return null;
  // One leading slash: "/en//evil.com" (a backslash the URL parser turned into "/") must never give the
  // protocol-relative "//evil.com", an address on another host.
  return { lang: match[1], rest: `/${(match[2] ?? "").replace(/^\/+/, "")}` };
}

/**
 * A page in one of the site's languages: its address there, whether it exists in it, and where the
 * switcher goes when it does not (that language's home page, or the default one's).
 */
export type LanguageVersion = { lang: Language; path: string; exists: boolean; home: string };

/**
 * How a feature with translated items says where one of its pages is in each language: given a path in
 * `lang` (without its prefix), the same page's full address in every language it exists in ({} where it
 * exists in none); null for a path that is not one of its own. Translated slugs make each language's
 * address its own ("/blog/growth", "/ga/blog/fas").
 */
export type VersionFinder = (lang: Language, path: string) => Partial<Record<Language, string>> | null;
