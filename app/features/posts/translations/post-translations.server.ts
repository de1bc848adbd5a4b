import { desc, eq } from "drizzle-orm";

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
import { type Language } from "~/platform/i18n/languages";
import type { TranslatedKind } from "~/platform/i18n/translation-store.server";
import * as translations from "~/platform/i18n/translation-store.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

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
  { limit, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  const query = translations
    .translationsWithSources(POST_TRANSLATIONS)
    .where(liveIn(lang))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .offset(offset);
  return (limit === undefined ? query : query.limit(limit)).all() as LiveTranslation[];
}

/** How many translations into `lang` are live. */
export const liveTranslationCount = (lang: Language): number =>
  getDb()
    .select({ id: postTranslations.id })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(liveIn(lang))
    .all().length;

/** A live translation by its address in its language (drafts too for staff, with its source). */
export const translationAt = (lang: Language, slug: string, { includeDrafts = false } = {}) =>
  translations.translationAtAddress(POST_TRANSLATIONS, lang, slug, includeDrafts);

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
