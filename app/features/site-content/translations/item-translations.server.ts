import { and, eq } from "drizzle-orm";

import {
  packages,
  type SiteItemTranslation,
  siteItemTranslations,
  teamMembers,
  testimonials,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { FieldError, NotFoundError } from "~/platform/http/errors.server";
import { isLanguage, type Language, LANGUAGE_CODES, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { getItem } from "~/platform/ordered-lists.server";

import { type ItemWords, type TranslatedList, wordsOf } from "./item-words";

/**
 * A team member's, testimonial's or package's words in one of the site's other languages (decision
 * 065): at most one a language, written beside the source in the admin or through the API. Visitors
 * under that language's prefix see only the items translated into it.
 */
export type ItemTranslationState = "missing" | "up to date" | "outdated";

const nameOf = (code: Language) => LANGUAGES[code].name;

/**
 * The language an item may be translated into: one the product has words for, the site is in, and not
 * the default (whose words are the item's own). Anything else, "__proto__" too, is a field error.
 */
export function itemTranslationLanguage(code: unknown): Language {
  const site = siteLanguages();
  if (!isLanguage(code))
    throw new FieldError(
      "lang",
      `Unknown language “${String(code).slice(0, 10)}”: the site has words for ${LANGUAGE_CODES.join(", ")}`,
    );
  if (code === site.default)
    throw new FieldError(
      "lang",
      `${nameOf(code)} is the site's default language: the item's own words are in it`,
    );
  if (!site.languages.includes(code))
    throw new FieldError(
      "lang",
      `The site is not in ${nameOf(code)}: add it in Site settings → Languages before translating into it`,
    );
  return code;
}

const TABLES = { team: teamMembers, testimonials, packages } as const;

const itemOf = (list: TranslatedList, id: string) =>
  getItem(TABLES[list], id) as (Record<string, unknown> & { name: string }) | undefined;

const rowOf = (list: TranslatedList, id: string, lang: Language) =>
  getDb()
    .select()
    .from(siteItemTranslations)
    .where(
      and(
        eq(siteItemTranslations.kind, list),
        eq(siteItemTranslations.itemId, id),
        eq(siteItemTranslations.lang, lang),
      ),
    )
    .get();

/** Outdated when the source's words changed after the translation was saved (a photo or a price does not count). */
const stateOf = (
  row: Pick<SiteItemTranslation, "sourceWords"> | undefined,
  source: ItemWords,
): ItemTranslationState =>
  !row ? "missing" : JSON.stringify(row.sourceWords) === JSON.stringify(source) ? "up to date" : "outdated";

export type ItemTranslationRead = {
  list: TranslatedList;
  id: string;
  lang: Language;
  state: ItemTranslationState;
  /** The item's own words, in the default language. */
  source: ItemWords;
  /** The translation's words, or null while there is none. */
  words: ItemWords | null;
  savedAt: Date | null;
};

/** One item's translation into `lang` and its source's words. 404 for an unknown item. */
export function getItemTranslation(list: TranslatedList, id: string, lang: Language): ItemTranslationRead {
  const item = itemOf(list, id);
  if (!item) throw new NotFoundError("Not found");
  const source = wordsOf(list, item);
  const row = rowOf(list, id, lang);
  return {
    list,
    id,
    lang,
    state: stateOf(row, source),
    source,
    words: row ? (row.words as ItemWords) : null,
    savedAt: row?.savedAt ?? null,
  };
}

/**
 * Writes an item's words in `lang` (already checked by the list's words schema), replacing any it had:
 * one row an item and language, so concurrent saves leave the last one whole. Remembers the source's
 * words of that moment, which later tell whether it is outdated.
 */
export function saveItemTranslation(
  list: TranslatedList,
  id: string,
  lang: Language,
  words: ItemWords,
  savedBy: string | null,
): ItemTranslationRead {
  getDb().transaction(
    (tx) => {
      const table = TABLES[list] as typeof testimonials;
      const item = tx.select().from(table).where(eq(table.id, id)).get();
      if (!item) throw new NotFoundError("Not found");
      const values = { words, sourceWords: wordsOf(list, item), savedAt: new Date(), savedBy };
      tx.insert(siteItemTranslations)
        .values({ kind: list, itemId: id, lang, ...values })
        .onConflictDoUpdate({
          target: [siteItemTranslations.kind, siteItemTranslations.itemId, siteItemTranslations.lang],
          set: values,
        })
        .run();
      audit("site-item.translated", `“${item.name}” (${list}) in ${nameOf(lang)}`, tx);
    },
    { behavior: "immediate" },
  );
  // The item shows on pages of several features (home, About, services, case studies): all are renewed.
  contentChanged("site");
  return getItemTranslation(list, id, lang);
}

/** Removes an item's words in `lang`: visitors in it no longer see the item. False if there were none. */
export function removeItemTranslation(list: TranslatedList, id: string, lang: Language): boolean {
  const item = itemOf(list, id);
  if (!item) throw new NotFoundError("Not found");
  const removed = getDb().transaction(
    (tx) => {
      const { changes } = tx
        .delete(siteItemTranslations)
        .where(
          and(
            eq(siteItemTranslations.kind, list),
            eq(siteItemTranslations.itemId, id),
            eq(siteItemTranslations.lang, lang),
          ),
        )
        .run();
      if (changes > 0)
        audit("site-item.translated", `“${item.name}” (${list}) in ${nameOf(lang)}: removed`, tx);
      return changes > 0;
    },
    { behavior: "immediate" },
  );
  if (removed) contentChanged("site");
  return removed;
}

/** Every translation of a list's items into `lang`, by item id. */
function translationsIn(list: TranslatedList, lang: Language): Map<string, SiteItemTranslation> {
  const rows = getDb()
    .select()
    .from(siteItemTranslations)
    .where(and(eq(siteItemTranslations.kind, list), eq(siteItemTranslations.lang, lang)))
    .all();
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** For the admin's list: each item's state in every language of the site but the default. */
export function translationStatesOf<Item extends { id: string }>(
  list: TranslatedList,
  items: readonly Item[],
): Map<string, { lang: Language; name: string; state: ItemTranslationState }[]> {
  const site = siteLanguages();
  const others = site.languages.filter((lang) => lang !== site.default);
  const rows = getDb().select().from(siteItemTranslations).where(eq(siteItemTranslations.kind, list)).all();
  return new Map(
    items.map((item) => [
      item.id,
      others.map((lang) => ({
        lang,
        name: nameOf(lang),
        state: stateOf(
          rows.find((row) => row.itemId === item.id && row.lang === lang),
          wordsOf(list, item as unknown as Record<string, unknown>),
        ),
      })),
    ]),
  );
}

/**
 * A list's items as visitors read them in `lang`: in the default language the items themselves; in
 * another only the items translated into it, with their translated words ("untranslated means absent").
 */
export function itemsIn<Item extends { id: string }>(
  list: TranslatedList,
  items: readonly Item[],
  lang: Language | undefined,
): Item[] {
  if (!lang || lang === siteLanguages().default) return [...items];
  const translated = translationsIn(list, lang);
  return items.flatMap((item) => {
    const row = translated.get(item.id);
    return row ? [{ ...item, ...(row.words as Partial<Item>) }] : [];
  });
}

/** The languages some item is translated into: the site cannot drop one of these. */
export function itemLanguagesInUse(): Language[] {
  return getDb()
    .selectDistinct({ lang: siteItemTranslations.lang })
    .from(siteItemTranslations)
    .all()
    .map((row) => row.lang)
    .filter(isLanguage);
}

/** A translation as /api/team/{id}/translations/{lang} answers it (every field named, as docs/product.md lists). */
export function itemTranslationJson(read: ItemTranslationRead) {
  return {
    id: read.id,
    lang: read.lang,
    state: read.state,
    words: read.words,
    source: read.source,
    savedAt: read.savedAt?.toISOString() ?? null,
  };
}
