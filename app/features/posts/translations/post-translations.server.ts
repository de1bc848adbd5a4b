import { and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";

import {
  type Post,
  posts,
  type PostTranslation,
  postTranslationOldSlugs,
  postTranslations,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation, NotFoundError } from "~/platform/http/errors.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import { translationLanguage } from "~/platform/i18n/translation-rules.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { chooseSlug } from "~/platform/text/slug";

import type { PostTranslationInput } from "./translation-schema";
import { stateOf, type TranslationState } from "./translation-state";

export { stateOf, type TranslationState };

const nameOf = (code: Language) => LANGUAGES[code].name;

/** The source a translation may be made of: a post of the default language that is not deleted. */
function sourceFor(translationOf: string): Post {
  const db = getDb();
  const source = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, translationOf), isNull(posts.deletedAt)))
    .get();
  if (source) return source;
  const translation = db.select().from(postTranslations).where(eq(postTranslations.id, translationOf)).get();
  if (translation)
    throw new FieldError(
      "translationOf",
      `That is a translation itself: translate its source post (${translation.postId})`,
    );
  throw new FieldError("translationOf", "No post has this id (translationOf)");
}

/** The language a translation may be in: one the product has words for, the site is in, and not the default. */
const languageFor = (lang: string): Language => translationLanguage(lang, "post");

export function getPostTranslation(id: string): PostTranslation | undefined {
  return getDb().select().from(postTranslations).where(eq(postTranslations.id, id)).get();
}

/**
 * Creates (id undefined) or replaces a post's translation. Refused with nothing written: an unknown
 * language, one the site is not in, the default language, a source that is missing or is a
 * translation itself, a second translation for the same language (409), an address taken in that
 * language (409). A translation keeps its source and language once made. Changing the address of a
 * published translation keeps the old one as a 301.
 */
export function savePostTranslation(id: string | undefined, input: PostTranslationInput): PostTranslation {
  const before = id ? getPostTranslation(id) : undefined;
  if (id && !before) throw new NotFoundError("Post not found");
  const lang = languageFor(input.lang);
  const source = sourceFor(input.translationOf);
  if (before && (before.postId !== source.id || before.lang !== lang))
    throw new FieldError("translationOf", "A translation keeps its source post and language once made");
  const chosen = chooseSlug(
    input.slug,
    input.title,
    before?.status === "published" ? before.slug : null,
    "post",
  );
  if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
  const content = sanitizePostHtml(input.content);
  const now = new Date();
  const values = {
    postId: source.id,
    lang,
    title: input.title,
    slug: chosen.slug,
    excerpt: input.excerpt.trim() || excerptFromBody(content),
    content,
    tags: input.tags,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    status: input.status,
    sourceUpdatedAt: source.updatedAt,
    publishedAt: input.status === "published" ? (before?.publishedAt ?? now) : (before?.publishedAt ?? null),
    updatedAt: now,
  };
  const db = getDb();
  const hadBlog = liveTranslationCount(lang) > 0;
  let saved: PostTranslation;
  try {
    saved = db.transaction(
      (tx) => {
        const twin = tx
          .select({ id: postTranslations.id })
          .from(postTranslations)
          .where(and(eq(postTranslations.postId, source.id), eq(postTranslations.lang, lang)))
          .get();
        if (twin && twin.id !== id)
          throw new ConflictError(
            `This post already has a ${nameOf(lang)} translation (${twin.id}): change that one`,
            "lang",
          );
        const taken = tx
          .select({ id: postTranslations.id })
          .from(postTranslations)
          .where(and(eq(postTranslations.lang, lang), eq(postTranslations.slug, chosen.slug)))
          .get();
        if (taken && taken.id !== id)
          throw new ConflictError(
            `Another ${nameOf(lang)} post has the address “${chosen.slug}”: choose another`,
            chosen.field,
          );
        const row = before
          ? tx
              .update(postTranslations)
              .set(values)
              .where(eq(postTranslations.id, before.id))
              .returning()
              .get()
          : tx
              .insert(postTranslations)
              .values({ ...values, createdAt: now })
              .returning()
              .get();
        // The address is this translation's now; a live one's former address answers 301 to it.
        tx.delete(postTranslationOldSlugs)
          .where(and(eq(postTranslationOldSlugs.lang, lang), eq(postTranslationOldSlugs.oldSlug, row.slug)))
          .run();
        if (before && before.status === "published" && before.slug !== row.slug)
          tx.insert(postTranslationOldSlugs)
            .values({ lang, oldSlug: before.slug, translationId: row.id })
            .onConflictDoUpdate({
              target: [postTranslationOldSlugs.lang, postTranslationOldSlugs.oldSlug],
              set: { translationId: row.id },
            })
            .run();
        audit(
          row.status === "published" ? "post.translation-published" : "post.translation-saved",
          `Post “${source.title}” in ${nameOf(lang)}: “${row.title}”`,
          tx,
        );
        return row;
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Two requests at once for the same post and language (or address): the index refuses the second.
    if (isUniqueViolation(error))
      throw new ConflictError(`This post already has a ${nameOf(lang)} translation, or the address is taken`);
    throw error;
  }
  contentChanged("posts");
  // The language's blog began or ended: every page in it links to it (or not) from the nav.
  if (liveTranslationCount(lang) > 0 !== hadBlog) contentChanged("site");
  return saved;
}

/** Whether a translation is live: published, with its source published and not deleted. */
const liveIn = (lang: Language) =>
  and(
    eq(postTranslations.lang, lang),
    eq(postTranslations.status, "published"),
    eq(posts.status, "published"),
    isNull(posts.deletedAt),
  );

export type LiveTranslation = { translation: PostTranslation; source: Post };

/** The live translations into `lang`, newest source first (the blog in that language, its feed, the sitemap). */
export function liveTranslations(
  lang: Language,
  { limit, offset = 0, where = liveIn(lang) }: { limit?: number; offset?: number; where?: SQL } = {},
) {
  const query = getDb()
    .select({ translation: postTranslations, source: posts })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
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
export function translationAt(
  lang: Language,
  slug: string,
  { includeDrafts = false } = {},
): LiveTranslation | undefined {
  const where = includeDrafts
    ? and(eq(postTranslations.lang, lang), eq(postTranslations.slug, slug), isNull(posts.deletedAt))
    : and(liveIn(lang), eq(postTranslations.slug, slug));
  return getDb()
    .select({ translation: postTranslations, source: posts })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(where)
    .get() as LiveTranslation | undefined;
}

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
export function movedTranslationSlug(lang: Language, oldSlug: string): string | undefined {
  return getDb()
    .select({ slug: postTranslations.slug })
    .from(postTranslationOldSlugs)
    .innerJoin(postTranslations, eq(postTranslations.id, postTranslationOldSlugs.translationId))
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(
      and(eq(postTranslationOldSlugs.lang, lang), eq(postTranslationOldSlugs.oldSlug, oldSlug), liveIn(lang)),
    )
    .get()?.slug;
}

/** The live translations of a post, by language: its versions in the site's other languages. */
export function liveTranslationsOf(postId: string): Map<Language, PostTranslation> {
  const rows = getDb()
    .select({ translation: postTranslations })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(
      and(
        eq(postTranslations.postId, postId),
        eq(postTranslations.status, "published"),
        eq(posts.status, "published"),
        isNull(posts.deletedAt),
      ),
    )
    .all();
  return new Map(
    rows
      .filter((row) => isLanguage(row.translation.lang))
      .map((row) => [row.translation.lang as Language, row.translation]),
  );
}

/** Every translation of the given posts (drafts too), for the admin's list: each with its state. */
export function translationsOfPosts(
  sources: Pick<Post, "id" | "updatedAt">[],
): Map<string, { id: string; lang: Language; slug: string; state: TranslationState }[]> {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const found = new Map<string, { id: string; lang: Language; slug: string; state: TranslationState }[]>();
  if (!sources.length) return found;
  const rows = getDb()
    .select()
    .from(postTranslations)
    .where(inArray(postTranslations.postId, [...byId.keys()]))
    .all();
  for (const row of rows) {
    const source = byId.get(row.postId);
    if (!source || !isLanguage(row.lang)) continue;
    const list = found.get(row.postId) ?? [];
    list.push({ id: row.id, lang: row.lang, slug: row.slug, state: stateOf(row, source) });
    found.set(row.postId, list);
  }
  return found;
}

/** The translations into other languages of every post (drafts too), when a post's state is asked for. */
export function translationsOfPost(post: Pick<Post, "id" | "updatedAt">) {
  return translationsOfPosts([post]).get(post.id) ?? [];
}

/** The languages some post is translated into (drafts too): the site cannot drop one of these. */
export function postLanguagesInUse(): Language[] {
  return getDb()
    .selectDistinct({ lang: postTranslations.lang })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(isNull(posts.deletedAt))
    .all()
    .map((row) => row.lang)
    .filter(isLanguage);
}

/** Every translation (drafts too) into `lang` for staff: GET /api/blog?lang= signed in. */
export function allTranslationsIn(lang: Language): LiveTranslation[] {
  return getDb()
    .select({ translation: postTranslations, source: posts })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(and(eq(postTranslations.lang, lang), isNull(posts.deletedAt)))
    .orderBy(desc(postTranslations.updatedAt))
    .all() as LiveTranslation[];
}
