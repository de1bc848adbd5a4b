import { listCaseStudies } from "~/features/case-studies/index.server";
import { legalPages } from "~/features/pages/content/legal";
import { services } from "~/features/pages/content/services";
import { getPostBySlug } from "~/features/posts/index.server";

export type LinkTarget = { title: string; path: string; kind: "page" | "service" | "case study" | "post" };

/**
 * The site's pages other than the posts, with their titles, in the order the site presents them: what
 * the editor's link picker offers and what a 404 looks among for the page that was meant.
 */
export function sitePages(): LinkTarget[] {
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

/** Files and feeds the site answers besides its pages. */
const OTHER_PATHS = ["/rss.xml", "/sitemap.xml", "/robots.txt"];

/**
 * Whether this site answers `target` (a path, with or without its query and fragment): a page, a live
 * post, an uploaded file or a feed. A redirect to anything else would end on the 404 page.
 */
export function pageExistsAt(target: string): boolean {
  const path = target.split(/[?#]/)[0]!.replace(/(.)\/+$/, "$1");
  if (OTHER_PATHS.includes(path) || /^\/(uploads|images)\//.test(path)) return true;
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post) return Boolean(getPostBySlug(decodeURIComponent(post[1]!)));
  return sitePages().some((page) => page.path === path);
}
