import { Feed } from "feed";

import { AUTHOR_LABEL } from "~/features/posts/content";
import { searchPublishedPosts } from "~/features/posts/posts.server";
import { liveTranslations } from "~/features/posts/translations/post-translations.server";
import { blogLanguages, translatedListing } from "~/features/posts/translations/translated-blog.server";
import { getEnv } from "~/platform/env.server";
import { publicResponse } from "~/platform/http/public-response.server";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { DEFAULT_DESCRIPTION } from "~/platform/pages/seo";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { feedHtml, feedText } from "~/platform/text/xml";

import type { Route } from "./+types/rss";

/** Feed readers want what is new; the blog has the rest. */
const FEED_POSTS = 20;

/** Kept by the page cache like the blog, until the posts change. */
export const handle: RouteHandle = { cache: "content", content: ["posts"] };

/**
 * /rss.xml: RSS 2.0 of the newest published posts, with absolute URLs from SITE_URL. A language's
 * ("/ga/rss.xml"): only the posts translated into it, at their translations' addresses; none where the
 * blog holds no article in that language.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getEnv().SITE_URL;
  const site = getSiteFacts();
  const languages = siteLanguages();
  const lang = languageOf(context);
  const inDefault = lang === languages.default;
  if (!inDefault && !blogLanguages().includes(lang))
    throw new Response("No articles in this language", { status: 404 });
  const posts = inDefault
    ? searchPublishedPosts({ pageSize: FEED_POSTS }).posts
    : liveTranslations(lang, { limit: FEED_POSTS }).map(translatedListing);
  const blog = `${origin}${pathIn(lang, "/blog", languages)}`;
  const feed = new Feed({
    title: inDefault ? `${site.name} Blog` : `${site.name} ${translatorFor(lang)("blog.title")}`,
    description: inDefault ? DEFAULT_DESCRIPTION : translatorFor(lang)("blog.description"),
    id: blog,
    link: blog,
    language: LANGUAGES[lang].tag,
    favicon: `${origin}/favicon.ico`,
    copyright: `© ${new Date().getFullYear()} ${site.legalName}`,
    updated: posts[0]?.updatedAt ?? new Date(0),
    feedLinks: { rss: `${origin}${pathIn(lang, "/rss.xml", languages)}` },
    author: { name: AUTHOR_LABEL, link: `${origin}/about` },
  });
  for (const post of posts) {
    const url = `${blog}/${post.slug}`;
    feed.addItem({
      title: feedText(post.title),
      id: url,
      link: url,
      description: feedText(post.excerpt),
      content: feedHtml(sanitizePostHtml(post.content)),
      date: post.createdAt,
      category: post.tags.map((name) => ({ name })),
      ...(post.coverImage && { image: new URL(post.coverImage, origin).href }),
    });
  }
  return publicResponse(request, feed.rss2(), { "Content-Type": "application/rss+xml; charset=utf-8" });
}
