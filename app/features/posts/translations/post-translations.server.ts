import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";

import {
  type Post,
  posts,
  type PostTranslation,
  postTranslationOldSlugs,
  postTranslations,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import type { TranslatedKind } from "~/platform/i18n/translation-store.server";
import * as translations from "~/platform/i18n/translation-store.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { checkBody, sanitizePostHtml } from "~/platform/text/sanitize.server";

import type { PostTranslationInput } from "./translation-schema";
import { stateOf, type TranslationState } from "./translation-state";

export { stateOf, type TranslationState };

/** Posts' translations: rows beside their post, under the rules every translated kind shares. */
const POST_TRANSLATIONS: TranslatedKind<PostTranslation, Post> = {
  noun: "post",
  translations: postTranslations,
  sourceColumn: postTranslations.postId,
  sourceIdOf: (row) => row.postId,
  sources: posts,
  oldSlugs: postTranslationOldSlugs,
  unknownSource: (message) => new FieldError("translationOf", message),
  audited: (row, _source, subject, tx) =>
    audit(row.status === "published" ? "post.translation-published" : "post.translation-saved", subject, tx),
};

export const getPostTranslation = (id: string) => translations.translationById(POST_TRANSLATIONS, id);

/**
 * Creates (id undefined) or replaces a post's translation. Refused with nothing written: an unknown
 * language, one the site is not in, the default language, a source that is missing or is a
 * translation itself, a second translation for the same language (409), an address taken in that
 * language (409). A translation keeps its source and language once made. Changing the address of a
 * published translation keeps the old one as a 301.
 */
export function savePostTranslation(id: string | undefined, input: PostTranslationInput): PostTranslation {
  checkBody("content", "Content", input.content);
  const checked = translations.translationToSave(POST_TRANSLATIONS, id, input);
  const { lang, source } = checked;
  const content = sanitizePostHtml(input.content);
  const now = new Date();
  const values = {
    postId: source.id,
    lang,
    title: input.title,
    slug: checked.slug,
    excerpt: input.excerpt.trim() || excerptFromBody(content),
    content,
    tags: input.tags,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    status: input.status,
    sourceUpdatedAt: source.updatedAt,
    publishedAt: checked.publishedAt(input.status, now),
    updatedAt: now,
  };
  const hadBlog = liveTranslationCount(lang) > 0;
  const saved = translations.writeTranslation(POST_TRANSLATIONS, checked, values, now);
  contentChanged("posts");
  // Its card is drawn with its own words once its saves settle, not at the first share.
  if (saved.status === "published") void refreshSocialCard("post", saved.id);
  // The language's blog began or ended: every page in it links to it (or not) from the nav.
  if (liveTranslationCount(lang) > 0 !== hadBlog) contentChanged("site");
  return saved;
}

const liveIn = (lang: Language) => translations.liveIn(POST_TRANSLATIONS, lang);

export type LiveTranslation = { translation: PostTranslation; source: Post };

/** The live translations into `lang`, newest source first (the blog in that language, its feed, the sitemap). */
export function liveTranslations(
  lang: Language,
  { limit, offset = 0, where = liveIn(lang) }: { limit?: number; offset?: number; where?: SQL } = {},
) {
  const query = translations
    .translationsWithSources(POST_TRANSLATIONS)
    .where(where)
    .orderBy(...newestFirst)
    .offset(offset);
  return (limit === undefined ? query : query.limit(limit)).all() as LiveTranslation[];
}

/** How many translations into `lang` are live. */
export const liveTranslationCount = (lang: Language): number =>
  getDb()
    .select({ n: count() })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(liveIn(lang))
    .get()?.n ?? 0;

/** Translations filed under `tag` (one of `tags`). */
const filedUnder = (tags: string[]): SQL =>
  sql`exists (select 1 from json_each(${postTranslations.tags}) where ${inArray(sql`value`, tags)})`;

const newestFirst = [desc(posts.createdAt), desc(posts.id)];

/**
 * One page of the blog in `lang`: the live translations whose title or summary holds `q` (in the
 * reader's case rules) and filed under `tag`, newest first, with how many there are. A language may
 * hold thousands of translations of 500 KB each: only the page's are read whole.
 */
export function liveTranslationsPage(
  lang: Language,
  { q = "", tag = "", limit, offset }: { q?: string; tag?: string; limit: number; offset: number },
): { rows: LiveTranslation[]; total: number } {
  const db = getDb();
  const where = and(liveIn(lang), tag ? filedUnder([tag]) : undefined);
  const wanted = q.trim().toLocaleLowerCase();
  if (!wanted) {
    const total = db
      .select({ n: count() })
      .from(postTranslations)
      .innerJoin(posts, eq(posts.id, postTranslations.postId))
      .where(where)
      .get()?.n;
    return { rows: liveTranslations(lang, { limit, offset, where }), total: total ?? 0 };
  }
  // SQLite lowers ASCII letters only ("Á" stays): the titles and summaries are compared here.
  const found = db
    .select({ id: postTranslations.id, title: postTranslations.title, excerpt: postTranslations.excerpt })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(where)
    .orderBy(...newestFirst)
    .all()
    .filter((row) => `${row.title}\n${row.excerpt}`.toLocaleLowerCase().includes(wanted))
    .map((row) => row.id);
  const page = found.slice(offset, offset + limit);
  const rows = page.length
    ? liveTranslations(lang, { where: and(where, inArray(postTranslations.id, page)) })
    : [];
  return { rows, total: found.length };
}

/** The most a post's tags are compared by when its related translations are looked for. */
const RELATED_BY_TAGS = 200;

/** The newest live translations into `lang` of other posts sharing a tag with `post`: "Related Articles". */
export function relatedLiveTranslations(
  lang: Language,
  post: Pick<Post, "id" | "tags">,
  limit: number,
): LiveTranslation[] {
  if (!post.tags.length) return [];
  return liveTranslations(lang, {
    limit,
    where: and(liveIn(lang), ne(posts.id, post.id), filedUnder(post.tags.slice(0, RELATED_BY_TAGS))),
  });
}

/** The topics of the live translations into `lang` with how many use each (their tags alone are read). */
export function liveTranslationTopics(lang: Language): { tag: string; uses: number }[] {
  return getDb().all<{ tag: string; uses: number }>(
    sql`select tag.value as tag, count(*) as uses
      from ${postTranslations} inner join ${posts} on ${posts.id} = ${postTranslations.postId},
        json_each(${postTranslations.tags}) as tag
      where ${liveIn(lang)} group by tag.value`,
  );
}

/** The address and last change of each live translation into `lang`: the sitemap. */
export function liveTranslationAddresses(lang: Language): { slug: string; updatedAt: Date }[] {
  return getDb()
    .select({ slug: postTranslations.slug, updatedAt: postTranslations.updatedAt })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(liveIn(lang))
    .orderBy(...newestFirst)
    .all();
}

/** A live translation by its address in its language (drafts too for staff, with its source). */
export const translationAt = (lang: Language, slug: string, { includeDrafts = false } = {}) =>
  translations.translationAtAddress(POST_TRANSLATIONS, lang, slug, includeDrafts);

/**
 * The source's id and address of the live translation at `slug` in `lang`, and the address of each
 * live translation of a post: the hreflang links of every page and the sitemap's (no body is read).
 */
export function liveSourceAt(lang: Language, slug: string): { id: string; slug: string } | undefined {
  return getDb()
    .select({ id: posts.id, slug: posts.slug })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(and(liveIn(lang), eq(postTranslations.slug, slug)))
    .get();
}

export function liveTranslationSlugsOf(postId: string): Map<Language, string> {
  const rows = getDb()
    .select({ lang: postTranslations.lang, slug: postTranslations.slug })
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, postId), eq(postTranslations.status, "published")))
    .all();
  return new Map(rows.flatMap((row) => (isLanguage(row.lang) ? [[row.lang, row.slug] as const] : [])));
}

/** The current address of the live translation that once lived at `oldSlug` in `lang`, for a 301. */
export const movedTranslationSlug = (lang: Language, oldSlug: string) =>
  translations.movedAddress(POST_TRANSLATIONS, lang, oldSlug);

/** The live translations of a post, by language: its versions in the site's other languages. */
export const liveTranslationsOf = (postId: string) =>
  translations.liveTranslationsOfSource(POST_TRANSLATIONS, postId);

/** Every translation of the given posts (drafts too), for the admin's list: each with its state. */
export const translationsOfPosts = (sources: Pick<Post, "id" | "updatedAt">[]) =>
  translations.translationsOfSources(POST_TRANSLATIONS, sources);

/** The translations into other languages of every post (drafts too), when a post's state is asked for. */
export function translationsOfPost(post: Pick<Post, "id" | "updatedAt">) {
  return translationsOfPosts([post]).get(post.id) ?? [];
}

/** The languages some post is translated into (drafts too): the site cannot drop one of these. */
export const postLanguagesInUse = () => translations.languagesInUse(POST_TRANSLATIONS);

/** Every live post's address in each language it is live in: the sitemap's alternates, in one query. */
export const everyPostVersion = () => translations.everyLiveVersion(POST_TRANSLATIONS, "/blog");
