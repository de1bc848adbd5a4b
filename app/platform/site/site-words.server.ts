import { siteSettingsTranslations } from "#db/schema";
import { contentVersion, type Db, getDb } from "~/platform/db.server";
import { type Language } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { getSiteFacts } from "./site-facts.server";
import type { SiteFacts, SiteSettings } from "./site-settings";

/** The agency's words that are written per language (Site settings → the language's own words). */
export type SiteWords = Pick<SiteSettings, "tagline" | "autoReplySubject" | "autoReplyBody">;

const kept = new WeakMap<Db, { version: string; rows: Map<string, SiteWords> }>();

/** Every language's own words, read once per change of the site's settings (the footer reads them). */
function translatedWords(db: Db = getDb()): Map<string, SiteWords> {
  const version = contentVersion("site", db);
  const cached = kept.get(db);
  if (cached?.version === version) return cached.rows;
  const rows = new Map(
    db
      .select()
      .from(siteSettingsTranslations)
      .all()
      .map(({ lang, tagline, autoReplySubject, autoReplyBody }) => [
        lang,
        { tagline, autoReplySubject, autoReplyBody },
      ]),
  );
  kept.set(db, { version, rows });
  return rows;
}

/** The owner's words in `lang`, if they wrote them (never for the default language: its words are the settings'). */
export function siteWordsTranslation(lang: Language, db: Db = getDb()): SiteWords | undefined {
  if (lang === siteLanguages(db).default) return undefined;
  return translatedWords(db).get(lang);
}

/**
 * The agency's words for a visitor in `lang`, and the language they are in: the translation where the
 * owner wrote one for a language the site is in, else the default language's (an auto-reply in the
 * default language is better than none; the tagline is never left blank).
 */
export function siteWordsFor(
  lang: string | null | undefined,
  site: SiteFacts = getSiteFacts(),
): { lang: Language; words: SiteWords } {
  const languages = siteLanguages();
  const chosen = languages.languages.find((code) => code === lang);
  const translation = chosen && siteWordsTranslation(chosen);
  if (chosen && translation) return { lang: chosen, words: translation };
  const { tagline, autoReplySubject, autoReplyBody } = site;
  return { lang: languages.default, words: { tagline, autoReplySubject, autoReplyBody } };
}

/** The facts as a page in `lang` shows them: its tagline in that language where there is one. */
export function siteFactsIn(lang: Language): SiteFacts {
  const site = getSiteFacts();
  const translation = siteWordsTranslation(lang);
  return translation ? { ...site, tagline: translation.tagline } : site;
}
