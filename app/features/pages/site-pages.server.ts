import { getCaseStudyBySlug, publishedCaseStudyAddresses } from "~/features/case-studies/index.server";
import { listLegalPages, listServices } from "~/features/pages/copy/page-lists.server";
import { getPostBySlug } from "~/features/posts/index.server";
import { withoutTrailing } from "~/platform/text/trailing";

export type LinkTarget = { title: string; path: string; kind: "page" | "service" | "case study" | "post" };

/** The pages that are not posts or case studies, before and after the case studies as the site presents them. */
const pagesBefore = (): LinkTarget[] => [
  { title: "Home", path: "/", kind: "page" },
  ...listServices().map((s) => ({ title: s.title, path: `/services/${s.slug}`, kind: "service" as const })),
  { title: "Our Work", path: "/work", kind: "page" },
];
const pagesAfter = (): LinkTarget[] => [
  { title: "About", path: "/about", kind: "page" },
  { title: "Contact", path: "/contact", kind: "page" },
  { title: "Blog", path: "/blog", kind: "page" },
  ...listLegalPages().map((l) => ({ title: l.title, path: `/${l.slug}`, kind: "page" as const })),
];

/**
 * The site's pages other than the posts, with their titles, in the order the site presents them: what
 * the editor's link picker offers and what a 404 looks among for the page that was meant.
 */
export function sitePages(): LinkTarget[] {
  return [
    ...pagesBefore(),
    ...publishedCaseStudyAddresses().map((p) => ({
      title: p.title,
      path: `/work/${p.slug}`,
      kind: "case study" as const,
    })),
    ...pagesAfter(),
  ];
}

/** Files and feeds the site answers besides its pages. */
const OTHER_PATHS = ["/rss.xml", "/sitemap.xml", "/robots.txt"];

const slugIn = (pattern: RegExp, path: string) => {
  const slug = pattern.exec(path)?.[1];
  if (slug === undefined) return undefined;
  try {
    return decodeURIComponent(slug);
  } catch {
    return undefined;
  }
};

/**
 * Whether this site answers `target` (a path, with or without its query and fragment): a page, a live
 * post, an uploaded file or a feed. A redirect to anything else would end on the 404 page.
 */
export function pageExistsAt(target: string): boolean {
  return pageChecker()(target);
}

/**
 * pageExistsAt for many addresses at once (an import's thousands of rules): the site's pages are read
 * once, not once an address (each read parses the stored copy of every service and legal page).
 */
export function pageChecker(): (target: string) => boolean {
  const pages = new Set([...pagesBefore(), ...pagesAfter()].map((page) => page.path));
  return (target) => {
    const path = withoutTrailing(target.split(/[?#]/)[0]!, "/", 1);
    if (OTHER_PATHS.includes(path) || /^\/(uploads|images)\//.test(path)) return true;
    if (pages.has(path)) return true;
    // One indexed look-up, not every case study read: an import asks this of each of thousands of rules.
    const post = slugIn(/^\/blog\/([^/]+)$/, path);
    if (post !== undefined) return Boolean(getPostBySlug(post));
    const caseStudy = slugIn(/^\/work\/([^/]+)$/, path);
    return caseStudy !== undefined && Boolean(getCaseStudyBySlug(caseStudy));
  };
}
