import { and, desc, eq, isNull, like, or } from "drizzle-orm";

import { posts } from "#db/schema";
import { listCaseStudies } from "~/features/case-studies/index.server";
import { legalPages } from "~/features/pages";
import { services } from "~/features/pages";
import { getDb } from "~/platform/db.server";

export type LinkTarget = { title: string; path: string; kind: "page" | "service" | "case study" | "post" };

/** The pages of the site an admin links to from a post, in the order the site presents them. */
function sitePages(): LinkTarget[] {
  return [
    { title: "Home", path: "/", kind: "page" },
    ...services.map((s) => ({ title: s.title, path: `/services/${s.slug}`, kind: "service" as const })),
    { title: "Our Work", path: "/work", kind: "page" },
    ...listCaseStudies().map((p) => ({
      title: p.title,
      path: `/work/${p.slug}`,
      kind: "case study" as const,
    })),
    { title: "About", path: "/about", kind: "page" },
    { title: "Contact", path: "/contact", kind: "page" },
    { title: "Blog", path: "/blog", kind: "page" },
    ...legalPages.map((l) => ({ title: l.title, path: `/${l.slug}`, kind: "page" as const })),
  ];
}

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
