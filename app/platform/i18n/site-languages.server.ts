import { languageSettings } from "#db/schema";
import { contentVersion, type Db, getDb } from "~/platform/db.server";

import { ENGLISH_ONLY, isLanguage, type SiteLanguages } from "./languages";

const kept = new WeakMap<Db, { version: string; languages: SiteLanguages }>();

/**
 * The languages the site is in, as the owner set them (English alone until then). Read on every
 * request (the prefix decides the language), so kept until the site's settings change. A stored code
 * the product no longer has words for is left out rather than served half-translated.
 */
export function siteLanguages(db: Db = getDb()): SiteLanguages {
  const version = contentVersion("site", db);
  const cached = kept.get(db);
  if (cached?.version === version) return cached.languages;
  const row = db.select().from(languageSettings).get();
  const defaultLanguage = isLanguage(row?.defaultLanguage) ? row.defaultLanguage : ENGLISH_ONLY.default;
  const others = (row?.languages ?? []).filter(isLanguage).filter((code) => code !== defaultLanguage);
  const languages: SiteLanguages = { default: defaultLanguage, languages: [defaultLanguage, ...others] };
  kept.set(db, { version, languages });
  return languages;
}
