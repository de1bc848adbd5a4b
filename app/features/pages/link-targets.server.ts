import { and, desc, eq, isNull, like, or } from "drizzle-orm";

import { posts } from "#db/schema";
import { getDb } from "~/platform/db.server";

import { type LinkTarget, sitePages } from "./site-pages.server";

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the editor's link picker offers for `query`: the site's pages and live posts whose title or
 * address contains it (case-insensitive), pages first, at most `limit`. An empty query lists the
 * pages and the newest posts.
 */
export function findLinkTargets(query: string, limit = 12): LinkTarget[] {
  const q = query.trim().toLowerCase();
  const pages = sitePages().filter(
    (t) => !q || t.title.toLowerCase().includes(q) || t.path.toLowerCase().includes(q),
  );
  const pattern = likePattern(q);
  const livePosts = getDb()
    .select({ title: posts.title, slug: posts.slug })
    .from(posts)
    .where(
      and(
        eq(posts.status, "published"),
        isNull(posts.deletedAt),
        q ? or(like(posts.title, pattern), like(posts.slug, pattern)) : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt))
    .limit(limit)
    .all()
    .map((p) => ({ title: p.title, path: `/blog/${p.slug}`, kind: "post" as const }));
  return [...pages, ...livePosts].slice(0, limit);
}

/** One result of the internal-link picker (/api/links), every field named. */
export function linkTargetJson(target: LinkTarget) {
  return { title: target.title, path: target.path, kind: target.kind };
}
