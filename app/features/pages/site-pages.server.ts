import { listCaseStudies } from "~/features/case-studies/index.server";
import { legalPages } from "~/features/pages/content/legal";
import { services } from "~/features/pages/content/services";

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
