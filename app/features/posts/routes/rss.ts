import { Feed } from "feed";

import { AUTHOR_LABEL } from "~/features/posts/content";
import { searchPublishedPosts } from "~/features/posts/posts.server";
import { getEnv } from "~/platform/env.server";
import { publicResponse } from "~/platform/http/public-response.server";
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

/** /rss.xml: RSS 2.0 of the newest published posts, with absolute URLs from SITE_URL. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = getEnv().SITE_URL;
  const site = getSiteFacts();
  const { posts } = searchPublishedPosts({ pageSize: FEED_POSTS });
  const feed = new Feed({
    title: `${site.name} Blog`,
    description: DEFAULT_DESCRIPTION,
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    language: "en-IE",
    favicon: `${origin}/favicon.ico`,
    copyright: `© ${new Date().getFullYear()} ${site.legalName}`,
    updated: posts[0]?.updatedAt ?? new Date(0),
    feedLinks: { rss: `${origin}/rss.xml` },
    author: { name: AUTHOR_LABEL, link: `${origin}/about` },
  });
  for (const post of posts) {
    const url = `${origin}/blog/${post.slug}`;
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
