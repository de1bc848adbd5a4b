import type { Post } from "#db/schema";
import { type Language, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { publishedPostAddress } from "../posts.server";
import {
  liveSourceAt,
  type LiveTranslation,
  liveTranslationCount,
  liveTranslationSlugsOf,
  liveTranslationsPage,
  liveTranslationTopics,
  translationsOfPosts,
} from "./post-translations.server";
import type { TranslationState } from "./translation-state";

/**
 * A live translation as the blog's lists show it: the translation's words and address, the source's
 * cover, author and date (an article is dated when it was first written, in every language).
 */
export function translatedListing({ translation, source }: LiveTranslation) {
  return {
    ...source,
    title: translation.title,
    slug: translation.slug,
    excerpt: translation.excerpt,
    content: translation.content,
    tags: translation.tags,
    seoTitle: translation.seoTitle,
    seoDescription: translation.seoDescription,
  } satisfies Post;
}

/**
 * The blog in `lang` (not the default): the live translations whose title or summary holds `q` and
 * filed under `tag`, newest first, one page of them.
 */
export function searchTranslatedPosts(
  lang: Language,
  { q = "", tag = "", page = 1, pageSize }: { q?: string; tag?: string; page?: number; pageSize: number },
) {
  const { rows, total } = liveTranslationsPage(lang, {
    q,
    tag,
    limit: pageSize,
    offset: (Math.max(1, page) - 1) * pageSize,
  });
  return { posts: rows.map(translatedListing), total };
}

/** The topics of the live translations into `lang`, most used first, then alphabetically. */
export function translatedTopics(lang: Language): string[] {
  return liveTranslationTopics(lang)
    .sort((a, b) => b.uses - a.uses || a.tag.localeCompare(b.tag))
    .map(({ tag }) => tag);
}

/** The languages (not the default) in which the blog has at least one live article. */
export function blogLanguages(): Language[] {
  const site = siteLanguages();
  return site.languages.filter((lang) => lang !== site.default && liveTranslationCount(lang) > 0);
}

/**
 * The version finder of the posts (see languageVersions in the pages feature): for a path of the blog
 * in `lang` (without its prefix), the address of the same page in every language it exists in; null
 * for a path that is not the blog's. "/blog" exists in a language holding a live article; a post in
 * the default language and in each language it has a live translation into, at that one's own slug.
 */
export function postVersions(lang: Language, path: string): Partial<Record<Language, string>> | null {
  const site = siteLanguages();
  if (path === "/blog")
    return Object.fromEntries(
      [site.default, ...blogLanguages()].map((code) => [code, pathIn(code, "/blog", site)]),
    );
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (!slug) return null;
  const source = lang === site.default ? publishedPostAddress(slug) : liveSourceAt(lang, slug);
  if (!source) return {};
  const versions: Partial<Record<Language, string>> = { [site.default]: `/blog/${source.slug}` };
  for (const [code, translated] of liveTranslationSlugsOf(source.id))
    if (code !== site.default && site.languages.includes(code))
      versions[code] = pathIn(code, `/blog/${translated}`, site);
  return versions;
}

/**
 * For the admin's list: each post's translation into every other language of the site, "missing"
 * where there is none (none at all on a site in one language).
 */
export function translationChipsOf(
  sources: Pick<Post, "id" | "updatedAt">[],
): Map<string, { lang: Language; state: TranslationState | "missing" }[]> {
  const site = siteLanguages();
  const others = site.languages.filter((lang) => lang !== site.default);
  if (!others.length) return new Map();
  const found = translationsOfPosts(sources);
  return new Map(
    sources.map((source) => {
      const made = found.get(source.id) ?? [];
      return [
        source.id,
        others.map((lang) => ({ lang, state: made.find((one) => one.lang === lang)?.state ?? "missing" })),
      ];
    }),
  );
}
