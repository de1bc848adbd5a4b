import type { ServerBuild } from "react-router";

import { publishedCaseStudyAddresses, translatedCaseStudyPages } from "~/features/case-studies/index.server";
import { copyPublishedAt, listLegalPages, listServices } from "~/features/pages/copy/page-copy.server";
import { listPublishedPostAddresses, liveTranslationAddresses } from "~/features/posts/index.server";
import { isLanguage, type Language, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { type RouteHandle, routeHandle } from "~/platform/pages/route-handle";

import { translatedPages } from "./copy/page-translations.server";

/** When the pages without dates of their own last changed in the code. */
export const CONTENT_UPDATED = new Date("2026-11-21T00:00:00Z");

export type PageEntry = { path: string; lastmod: Date };
export type RoutePageEntry = PageEntry & { handle: RouteHandle };

/** What one listing of the pages has read (the home, /work and each study share the studies' addresses). */
let listing: Map<() => unknown, unknown> | null = null;
/** `read`, read once in a listing of the pages (pageEntries), and as it is outside one. */
const once =
  <T>(read: () => T): (() => T) =>
  () => {
    if (!listing) return read();
    if (!listing.has(read)) listing.set(read, read());
    return listing.get(read) as T;
  };
const studyAddresses = once(publishedCaseStudyAddresses);
const postAddresses = once(listPublishedPostAddresses);

const newest = (dates: Date[]) =>
  new Date(Math.max(CONTENT_UPDATED.getTime(), ...dates.map((date) => date.getTime())));

/**
 * The data behind the pages of a route, by route id: the concrete pages of a route with a parameter,
 * and a last-modified date where one is known. Which routes are public pages is not decided here but
 * by each route's `handle`; a route without an entry is one page changed with the copy.
 */
const entriesByRoute: Record<string, () => PageEntry[]> = {
  "features/pages/routes/home": () => [
    {
      path: "/",
      lastmod: newest([...studyAddresses().map((p) => p.updatedAt), copyPublishedAt("home")]),
    },
  ],
  "features/pages/routes/about": () => [{ path: "/about", lastmod: newest([copyPublishedAt("about")]) }],
  "features/enquiries/routes/contact": () => [
    { path: "/contact", lastmod: newest([copyPublishedAt("contact")]) },
  ],
  "features/case-studies/routes/work": () => [
    { path: "/work", lastmod: newest(studyAddresses().map((p) => p.updatedAt)) },
  ],
  "features/pages/routes/service": () =>
    listServices().map((s) => ({ path: `/services/${s.slug}`, lastmod: newest([s.publishedAt]) })),
  "features/case-studies/routes/case-study": () =>
    studyAddresses().map((p) => ({ path: `/work/${p.slug}`, lastmod: p.updatedAt })),
  "features/posts/routes/blog": () => [
    { path: "/blog", lastmod: newest(postAddresses().map((p) => p.updatedAt)) },
  ],
  "features/posts/routes/post": () =>
    postAddresses().map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })),
  // Every legal page, for a language's one route of them (its prefix's "/:slug").
  legal: () =>
    listLegalPages().map((page) => ({
      path: `/${page.slug}`,
      lastmod: new Date(`${page.updated}T00:00:00Z`),
    })),
  // The legal pages' routes are named by their slug (app/routes.ts); each says when it was last updated.
  ...Object.fromEntries(
    ["privacy", "terms", "cookies"].map((slug) => [
      slug,
      () =>
        listLegalPages()
          .filter((page) => page.slug === slug)
          .map((page) => ({ path: `/${slug}`, lastmod: new Date(`${page.updated}T00:00:00Z`) })),
    ]),
  ),
};

/** A language's routes (app/routes.ts, "ga/about") by the default language's route they translate. */
const TRANSLATED_ROUTES: Record<string, string> = {
  home: "features/pages/routes/home",
  service: "features/pages/routes/service",
  about: "features/pages/routes/about",
  contact: "features/enquiries/routes/contact",
  legal: "legal",
};

/** A language's blog ("ga/blog", "ga/post"): its live articles, the blog only where it holds one. */
const translatedBlogEntries: Record<string, (lang: Language) => PageEntry[]> = {
  blog: (lang) => {
    const live = liveTranslationAddresses(lang);
    if (!live.length) return [];
    return [
      {
        path: pathIn(lang, "/blog", siteLanguages()),
        lastmod: newest(live.map((translation) => translation.updatedAt)),
      },
    ];
  },
  post: (lang) =>
    liveTranslationAddresses(lang).map((translation) => ({
      path: pathIn(lang, `/blog/${translation.slug}`, siteLanguages()),
      lastmod: translation.updatedAt,
    })),
};

/** The pages of a language's route ("ga/service"): those translated into it, at their prefixed address. */
function translatedEntries(routeId: string): PageEntry[] | undefined {
  const [lang, page = ""] = routeId.split("/", 2);
  if (isLanguage(lang) && Object.hasOwn(translatedBlogEntries, page))
    return translatedBlogEntries[page]!(lang);
  if (!isLanguage(lang) || !Object.hasOwn(TRANSLATED_ROUTES, page)) return undefined;
  const published = new Map(translatedPages(lang).map((entry) => [entry.path, entry.publishedAt]));
  const site = siteLanguages();
  return entriesByRoute[TRANSLATED_ROUTES[page]!]!()
    .filter((entry) => published.has(entry.path))
    .map((entry) => ({
      path: pathIn(lang, entry.path, site),
      lastmod: newest([published.get(entry.path)!]),
    }));
}

/** A language's portfolio ("ga/work", once its words are translated) and its case studies ("ga/case-study"). */
function translatedWorkEntries(routeId: string): PageEntry[] | undefined {
  const [lang, page = ""] = routeId.split("/", 2);
  if (!isLanguage(lang) || (page !== "work" && page !== "case-study")) return undefined;
  const studies = translatedCaseStudyPages(lang);
  if (page === "case-study") return studies.map((study) => ({ path: study.path, lastmod: study.updatedAt }));
  const work = translatedPages(lang).find((entry) => entry.path === "/work");
  return work
    ? [
        {
          path: pathIn(lang, "/work", siteLanguages()),
          lastmod: newest([work.publishedAt, ...studies.map((study) => study.updatedAt)]),
        },
      ]
    : [];
}

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** The full path pattern of a route, e.g. "/services/:slug", from its own path and its parents'. */
function fullPath(routes: ServerBuild["routes"], route: BuildRoute): string {
  const parts: string[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`;
}

/** The pages of every route whose handle passes `select`, e.g. every page listed in the sitemap. */
export function pageEntries(
  build: Pick<ServerBuild, "routes">,
  select: (handle: ReturnType<typeof routeHandle>) => boolean,
): RoutePageEntry[] {
  listing = new Map();
  try {
    return entriesOf(build, select);
  } finally {
    listing = null;
  }
}

function entriesOf(
  build: Pick<ServerBuild, "routes">,
  select: (handle: ReturnType<typeof routeHandle>) => boolean,
): RoutePageEntry[] {
  return Object.values(build.routes).flatMap((route) => {
    const handle = routeHandle(route?.module.handle);
    if (!route || !select(handle)) return [];
    const entries =
      entriesByRoute[route.id]?.() ?? translatedEntries(route.id) ?? translatedWorkEntries(route.id);
    if (entries) return entries.map((entry) => ({ ...entry, handle }));
    const path = fullPath(build.routes, route);
    if (path.includes(":") || path.includes("*")) {
      throw new Error(`Route ${route.id} has a parameter but no entry in page-entries.server.ts`);
    }
    return [{ path, lastmod: CONTENT_UPDATED, handle }];
  });
}
