import { setImmediate as nextTurn } from "node:timers/promises";

import { and, eq, inArray, sql } from "drizzle-orm";

import { pageCopy, pageTranslations } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { caseStudyFinder, everyCaseStudyVersion } from "~/features/case-studies/index.server";
import { blogLanguages, everyPostVersion, postVersions } from "~/features/posts/index.server";
import { getDb, pathsChanged } from "~/platform/db.server";
import { FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import { catalogOf } from "~/platform/i18n/catalogs.server";
import {
  isLanguage,
  type Language,
  LANGUAGES,
  type LanguageVersion,
  pathIn,
  prefixOf,
  type VersionFinder,
} from "~/platform/i18n/languages";
import { requestLanguage } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { PageLanguage } from "~/platform/i18n/use-words";
import { withoutTrailing } from "~/platform/text/trailing";

import { withAddedFields } from "./added-fields";
import {
  checkPageCopy,
  listServices,
  mayEditPages,
  type PageActor,
  PAGES_NOT_FOR_CONTRIBUTORS,
  pathsShowing,
  type ServiceListed,
  titleOf,
} from "./page-copy.server";
import { kindOfKey, type ServiceCopy } from "./page-schemas";

/**
 * A page's copy in another language: one row a page and language, written beside its source in the
 * admin and through /api/pages/{key}?lang=ga, checked by the same schema as the source. A page exists
 * in a language only once its translation is published ("untranslated means absent").
 */
export type TranslationState = "missing" | "draft only" | "up to date" | "outdated";

export type TranslationRead = {
  key: string;
  lang: Language;
  state: TranslationState;
  draftWaiting: boolean;
  published: Record<string, unknown> | null;
  publishedAt: Date | null;
  draft?: Record<string, unknown> | null;
  draftSavedAt?: Date | null;
};

/**
 * The language a client named (`?lang=ga`): a translation's, or null for the site's default (the page's
 * own copy, as without it). 400 for a language the product has no words for or the site is not in.
 */
export function translationLanguage(code: unknown): Language | null {
  const site = siteLanguages();
  if (!isLanguage(code))
    throw new FieldError("lang", `Unknown language: the site is in ${site.languages.join(", ")}`);
  if (code === site.default) return null;
  if (!site.languages.includes(code))
    throw new FieldError("lang", `The site is not in ${LANGUAGES[code].name}: add it in Site settings first`);
  return code;
}

const rowOf = (key: string, lang: Language) =>
  getDb()
    .select()
    .from(pageTranslations)
    .where(and(eq(pageTranslations.pageKey, key), eq(pageTranslations.lang, lang)))
    .get();

const sourceOf = (key: string) => getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get();

type TranslationPresence = { published: unknown; draft: unknown; sourcePublishedAt: Date | null };

function stateOf(
  row: TranslationPresence | undefined,
  source: { publishedAt: Date } | undefined,
): TranslationState {
  if (!row?.published) return row?.draft ? "draft only" : "missing";
  // Its source was published again after this translation was: the translation may say something old.
  if (source && row.sourcePublishedAt && source.publishedAt > row.sourcePublishedAt) return "outdated";
  return "up to date";
}

/**
 * The translation visitors read in `lang`, or in a preview its draft (else what is published);
 * undefined where the page is not translated, hidden, or no such page. Given any field the page
 * gained since it was stored, as the source's copy is.
 */
export function translatedCopy(key: string, lang: Language, preview: boolean) {
  const kind = kindOfKey(key);
  const source = kind ? sourceOf(key) : undefined;
  if (!kind || !source || (source.hidden && !preview)) return undefined;
  const row = rowOf(key, lang);
  const copy = preview ? (row?.draft ?? row?.published) : row?.published;
  return copy ? withAddedFields(kind, copy) : undefined;
}

/** One page's translation into `lang`: its state, published copy and (for staff) its draft. */
export function getTranslation(key: string, lang: Language, { staff }: { staff: boolean }): TranslationRead {
  const source = kindOfKey(key) ? sourceOf(key) : undefined;
  if (!source || (source.hidden && !staff)) throw new NotFoundError("Page not found");
  const row = rowOf(key, lang);
  if (!staff && !row?.published)
    throw new NotFoundError(`This page is not translated into ${LANGUAGES[lang].name}`);
  const kind = kindOfKey(key)!;
  const read: TranslationRead = {
    key,
    lang,
    state: stateOf(row, source),
    draftWaiting: Boolean(row?.draft),
    published: row?.published ? withAddedFields(kind, row.published) : null,
    publishedAt: row?.publishedAt ?? null,
  };
  if (!staff) return read;
  return {
    ...read,
    draft: row?.draft ? withAddedFields(kind, row.draft) : null,
    draftSavedAt: row?.draftSavedAt ?? null,
  };
}

export type TranslationStateOf = { lang: Language; state: TranslationState };

/** Every language of the site but the default, with the state of this page's translation into it. */
export function translationsOf(key: string): TranslationStateOf[] {
  return translationsOfPages([key]).get(key) ?? [];
}

/**
 * translationsOf for many pages (the Pages list): the site's languages, the sources' dates and the
 * translations' states read in three queries for the whole list, not a few a page, and without parsing
 * any page's words (only whether a draft or published version is there).
 */
export function translationsOfPages(keys: string[]): Map<string, TranslationStateOf[]> {
  const site = siteLanguages();
  const others = site.languages.filter((lang) => lang !== site.default);
  const wanted = new Set(keys);
  const db = getDb();
  const sources = new Map(
    db
      .select({ key: pageCopy.key, publishedAt: pageCopy.publishedAt })
      .from(pageCopy)
      .all()
      .filter(({ key }) => wanted.has(key))
      .map((source) => [source.key, source]),
  );
  const rows = others.length
    ? db
        .select({
          pageKey: pageTranslations.pageKey,
          lang: pageTranslations.lang,
          published: sql<number>`${pageTranslations.published} is not null`,
          draft: sql<number>`${pageTranslations.draft} is not null`,
          sourcePublishedAt: pageTranslations.sourcePublishedAt,
        })
        .from(pageTranslations)
        .where(inArray(pageTranslations.lang, others))
        .all()
    : [];
  const rowsOf = new Map(rows.map((row) => [`${row.pageKey}\n${row.lang}`, row]));
  return new Map(
    keys.map((key) => [
      key,
      others.map((lang) => ({ lang, state: stateOf(rowsOf.get(`${key}\n${lang}`), sources.get(key)) })),
    ]),
  );
}

/** Saves a translation's draft (the page's fields, every one, checked as its source's are); nothing on error. */
export function saveTranslationDraft(key: string, lang: Language, fields: unknown, actor: PageActor) {
  if (!mayEditPages(actor.role)) throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
  const kind = kindOfKey(key);
  if (!kind || !sourceOf(key)) throw new NotFoundError("Page not found");
  const draft = checkPageCopy(kind, fields);
  getDb().transaction(
    (tx) => {
      tx.insert(pageTranslations)
        .values({ pageKey: key, lang, draft, draftSavedAt: new Date(), draftSavedBy: actor.id })
        .onConflictDoUpdate({
          target: [pageTranslations.pageKey, pageTranslations.lang],
          set: { draft, draftSavedAt: new Date(), draftSavedBy: actor.id },
        })
        .run();
      audit(
        "page.translation-saved",
        `Page “${titleOf(key, draft)}” (${key}) in ${LANGUAGES[lang].name}`,
        tx,
      );
    },
    { behavior: "immediate" },
  );
  return getTranslation(key, lang, { staff: true });
}

/** The addresses that show a page in `lang` or name its versions (hreflang): its own, and the source's. */
const pathsOfVersions = (key: string, lang: Language) => {
  const site = siteLanguages();
  const own = pathsShowing(key);
  return [...own, ...own.map((path) => pathIn(lang, path, site)), "/sitemap.xml"];
};

/** Makes the translation's draft what visitors read under the language's prefix; the legal pages are the owner's. */
export function publishTranslation(key: string, lang: Language, actor: PageActor) {
  if (!mayEditPages(actor.role)) throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
  const kind = kindOfKey(key);
  const source = kind ? sourceOf(key) : undefined;
  if (!kind || !source) throw new NotFoundError("Page not found");
  if (kind === "legal" && actor.role !== "owner")
    throw new ForbiddenError("Only the site's owner publishes the legal pages.");
  getDb().transaction(
    (tx) => {
      const row = tx
        .select()
        .from(pageTranslations)
        .where(and(eq(pageTranslations.pageKey, key), eq(pageTranslations.lang, lang)))
        .get();
      if (!row?.draft)
        throw new FieldError("draft", "There is no translation draft to publish: save one first");
      tx.update(pageTranslations)
        .set({
          published: withAddedFields(kind, row.draft),
          draft: null,
          draftSavedAt: null,
          draftSavedBy: null,
          publishedAt: new Date(),
          publishedBy: actor.id,
          sourcePublishedAt: source.publishedAt,
        })
        .where(and(eq(pageTranslations.pageKey, key), eq(pageTranslations.lang, lang)))
        .run();
      audit(
        "page.translation-published",
        `Page “${titleOf(key, row.draft)}” (${key}) in ${LANGUAGES[lang].name}`,
        tx,
      );
    },
    { behavior: "immediate" },
  );
  pathsChanged(pathsOfVersions(key, lang));
  return getTranslation(key, lang, { staff: true });
}

/** The languages some page is translated into (drafts too): the site cannot drop one of these. */
export function languagesInUse(): Language[] {
  const rows = getDb().selectDistinct({ lang: pageTranslations.lang }).from(pageTranslations).all();
  return rows.map((row) => row.lang).filter(isLanguage);
}

/** The page whose words a public path of the default language shows ("/" home, "/privacy" legal/privacy). */
export function pageKeyOfPath(path: string): string | null {
  const trimmed = withoutTrailing(path, "/") || "/";
  if (trimmed === "/") return "home";
  if (trimmed === "/about" || trimmed === "/contact" || trimmed === "/work") return trimmed.slice(1);
  const service = /^\/services\/([a-z0-9-]+)$/.exec(trimmed);
  if (service) return `services/${service[1]}`;
  const legal = /^\/(privacy|terms|cookies)$/.exec(trimmed);
  return legal ? `legal/${legal[1]}` : null;
}

/** Whether the page of `key` is published in `lang` (the default language: whether it is shown at all). */
function existsIn(key: string, lang: Language, defaultLanguage: Language): boolean {
  const source = sourceOf(key);
  if (!source || source.hidden) return false;
  if (lang === defaultLanguage) return true;
  return Boolean(rowOf(key, lang)?.published);
}

/**
 * The features whose items have their own address in each language (translated slugs): each is asked,
 * in turn, for a path that is not a page of copy. A feature with translated items adds its finder here.
 */
const VERSION_FINDERS: VersionFinder[] = [postVersions, caseStudyFinder];

/** An item's address in each language it is live in, by each of those addresses. */
export type KnownVersions = Map<string, Partial<Record<Language, string>>>;

/**
 * What the finders would answer for every live item (each post and case study, by each of its
 * addresses), read in one query a kind: the sitemap asks for the versions of thousands of addresses,
 * which one at a time cost two or three queries each.
 */
export async function knownVersions(): Promise<KnownVersions> {
  const known: KnownVersions = new Map();
  for (const every of [everyPostVersion, everyCaseStudyVersion]) {
    for (const versions of every()) for (const path of Object.values(versions)) known.set(path, versions);
    // Each kind on its own turn of the event loop: thousands of each.
    await nextTurn();
  }
  return known;
}

/**
 * The page at `pathname` in each of the site's languages: its address there and whether it exists
 * (the hreflang links, the sitemap's alternates). A page of copy is at the same path under each
 * prefix; a post (a finder's item) at its translation's own (from `known` when it holds the path);
 * any other path has only its default version.
 */
export function pageVersions(pathname: string, known?: KnownVersions): Omit<LanguageVersion, "home">[] {
  const site = siteLanguages();
  const prefix = prefixOf(pathname);
  const inPrefix = prefix && site.languages.includes(prefix.lang) && prefix.lang !== site.default;
  const lang = inPrefix ? prefix.lang : site.default;
  const path = inPrefix ? prefix.rest : pathname;
  const key = pageKeyOfPath(path);
  const found = key ? null : (known?.get(pathname) ?? findVersions(lang, path));
  return site.languages.map((code) => ({
    lang: code,
    path: found?.[code] ?? pathIn(code, path, site),
    exists: found ? Boolean(found[code]) : key ? existsIn(key, code, site.default) : code === site.default,
  }));
}

/**
 * The page's versions with each language's home (where the language switcher sends a reader when the
 * page is not translated): the sitemap asks for the versions of thousands of pages, without homes.
 */
export function languageVersions(pathname: string): LanguageVersion[] {
  const site = siteLanguages();
  return pageVersions(pathname).map((version) => ({
    ...version,
    home: existsIn("home", version.lang, site.default) ? pathIn(version.lang, "/", site) : "/",
  }));
}

function findVersions(lang: Language, path: string): Partial<Record<Language, string>> | null {
  for (const find of VERSION_FINDERS) {
    const found = find(lang, path);
    if (found) return found;
  }
  return null;
}

/** The pages visitors can read in `lang` (not the default): each one's default-language path and when it was published. */
export function translatedPages(lang: Language): { path: string; publishedAt: Date }[] {
  const site = siteLanguages();
  if (lang === site.default || !site.languages.includes(lang)) return [];
  return getDb()
    .select({
      key: pageTranslations.pageKey,
      published: pageTranslations.published,
      publishedAt: pageTranslations.publishedAt,
      hidden: pageCopy.hidden,
    })
    .from(pageTranslations)
    .innerJoin(pageCopy, eq(pageCopy.key, pageTranslations.pageKey))
    .where(eq(pageTranslations.lang, lang))
    .all()
    .filter((row) => row.published && !row.hidden)
    .flatMap((row) =>
      pathsShowing(row.key)
        .slice(0, 1)
        .map((path) => ({ path, publishedAt: row.publishedAt ?? new Date(0) })),
    );
}

/**
 * The default-language paths of the pages translated into `lang`, and the blog where it holds an article
 * in it: the links that stay in the language.
 */
export function translatedPaths(lang: Language): string[] {
  // The blog's words translated do not make a blog: it exists in a language once an article does.
  const pages = translatedPages(lang)
    .map((page) => page.path)
    .filter((path) => path !== "/blog");
  return blogLanguages().includes(lang) ? [...pages, "/blog"] : pages;
}

/**
 * What the root loader tells every page of its language: the interface's words, the site's languages,
 * the pages translated into it and this page's versions. Nothing of the versions for the admin and the
 * API, nor on a site in one language.
 */
export function pageLanguage(lang: Language, pathname: string): PageLanguage {
  const site = siteLanguages();
  const public_ = !/^\/(admin|api)(\/|$)/.test(pathname) && site.languages.length > 1;
  return {
    lang,
    words: catalogOf(lang),
    site,
    translated: public_ ? translatedPaths(lang) : [],
    versions: public_ ? languageVersions(pathname) : [],
  };
}

/** A translation as /api/pages/{key}?lang= answers it: to staff also its draft and when it was saved. */
export function translationJson(read: TranslationRead) {
  return {
    key: read.key,
    lang: read.lang,
    state: read.state,
    published: read.published,
    publishedAt: read.publishedAt?.toISOString() ?? null,
    ...("draft" in read && {
      draft: read.draft ?? null,
      draftSavedAt: read.draftSavedAt?.toISOString() ?? null,
    }),
  };
}

/**
 * The services the home grid lists for this request: in the default language all of them; under a
 * language's prefix only those translated into it, with their translated title and summary (no mixed list).
 */
export function servicesForRequest(): ServiceListed[] {
  const lang = requestLanguage();
  if (lang === siteLanguages().default) return listServices();
  return listServices().flatMap((service) => {
    const copy = translatedCopy(`services/${service.slug}`, lang, false) as ServiceCopy | undefined;
    return copy ? [{ ...service, title: copy.title, summary: copy.summary }] : [];
  });
}
