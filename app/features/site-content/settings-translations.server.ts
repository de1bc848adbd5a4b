import { eq } from "drizzle-orm";
import { z } from "zod";

import { siteSettingsTranslations } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { SiteSettingsSchema } from "~/platform/site/site-settings";
import { type SiteWords, siteWordsTranslation } from "~/platform/site/site-words.server";

/**
 * The settings' words written per language, checked by the same rules as the default language's; a
 * field that is none of them ("__proto__" too) is refused, as an item's translation refuses one.
 */
export const SiteWordsSchema = z.strictObject(
  SiteSettingsSchema.pick({ tagline: true, autoReplySubject: true, autoReplyBody: true }).shape,
);
export type SiteWordsInput = z.infer<typeof SiteWordsSchema>;

/**
 * The language `code` names when the settings can be translated into it: one of the site's languages
 * other than the default (whose words are the settings themselves). Anything else, "__proto__" too, is null.
 */
export function translatableLanguage(code: unknown): Language | null {
  if (!isLanguage(code)) return null;
  const site = siteLanguages();
  return code !== site.default && site.languages.includes(code) ? code : null;
}

/**
 * The language `?lang=` names on /api/settings, as /api/pages/{key}?lang= reads it: null for none or the
 * default language (the settings themselves); a 400 for several, for one the product has no words for
 * ("__proto__" too) or one the site is not in.
 */
export function settingsLanguageAsked(request: Request): Language | null {
  const asked = new URL(request.url).searchParams.getAll("lang");
  if (asked.length > 1) throw new FieldError("lang", "Name one language");
  if (!asked.length) return null;
  const site = siteLanguages();
  const code = asked[0];
  if (!isLanguage(code))
    throw new FieldError("lang", `Unknown language: the site is in ${site.languages.join(", ")}`);
  if (code === site.default) return null;
  if (!site.languages.includes(code))
    throw new FieldError("lang", `The site is not in ${LANGUAGES[code].name}: add it in Site settings first`);
  return code;
}

/** The answer of /api/settings?lang=: the language and its words, every field named. */
export const settingsTranslationJson = (lang: Language, words: SiteWords) => ({
  lang,
  tagline: words.tagline,
  autoReplySubject: words.autoReplySubject,
  autoReplyBody: words.autoReplyBody,
});

/** The owner's words in `lang`, or undefined while they have written none. */
export const settingsTranslation = (lang: Language): SiteWords | undefined => siteWordsTranslation(lang);

/** Writes the words in `lang` (one row a language, replaced whole); the footer's tagline changes at once. */
export function saveSettingsTranslation(lang: Language, words: SiteWordsInput): SiteWords {
  const values = { ...words, updatedAt: new Date() };
  getDb().transaction((tx) => {
    tx.insert(siteSettingsTranslations)
      .values({ lang, ...values })
      .onConflictDoUpdate({ target: siteSettingsTranslations.lang, set: values })
      .run();
    audit("settings.translated", LANGUAGES[lang].name, tx);
  });
  contentChanged("site");
  return words;
}

/** Removes the words in `lang`: visitors in it get the default language's again. False if there were none. */
export function removeSettingsTranslation(lang: Language): boolean {
  const removed = getDb().transaction((tx) => {
    const { changes } = tx
      .delete(siteSettingsTranslations)
      .where(eq(siteSettingsTranslations.lang, lang))
      .run();
    if (changes > 0) audit("settings.translated", `${LANGUAGES[lang].name}: removed`, tx);
    return changes > 0;
  });
  if (removed) contentChanged("site");
  return removed;
}

/** The site's languages other than the default, for Site settings' links: whether the owner wrote their words. */
export function otherLanguages(): { lang: Language; name: string; written: boolean }[] {
  const site = siteLanguages();
  return site.languages
    .filter((lang) => lang !== site.default)
    .map((lang) => ({ lang, name: LANGUAGES[lang].name, written: settingsTranslation(lang) !== undefined }));
}
