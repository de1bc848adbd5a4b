import { Feed } from "feed";

import { AUTHOR_LABEL } from "~/content/blog";
import { site } from "~/content/site";
import { getEnv } from "~/env.server";
import { sanitizePostHtml } from "~/lib/sanitize.server";
import { DEFAULT_DESCRIPTION } from "~/lib/seo";
import { listPublishedPosts } from "~/services/posts.server";

/** /rss.xml: RSS 2.0 of the published posts, with absolute URLs from SITE_URL. */
export function loader() {
  const origin = getEnv().SITE_URL;
  const posts = listPublishedPosts();
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
      title: post.title,
      id: url,
      link: url,
      description: post.excerpt,
      content: sanitizePostHtml(post.content),
      date: post.createdAt,
      category: post.tags.map((name) => ({ name })),
      ...(post.coverImage && { image: new URL(post.coverImage, origin).href }),
    });
  }
  return new Response(feed.rss2(), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300",
    },
  });
}
