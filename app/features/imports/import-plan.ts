import type { ImportCounts } from "#db/schema";
import { MAX_HTML_DEPTH, MAX_HTML_TAGS, nestsTooDeep, tagCount } from "~/platform/text/html-limits";
import { withoutTrailing } from "~/platform/text/trailing";

import type { TagSpellings } from "./tag-spellings";

/** What a post of an export becomes here: its status, and why when that is not what it was there. */
export type Decided = { status: "draft" | "scheduled" | "published"; problem?: string } | null;

/** A survey's counts before anything is read. */
export const emptyPlan = (): ImportCounts => ({
  posts: 0,
  published: 0,
  drafts: 0,
  scheduled: 0,
  pages: 0,
  images: 0,
  tags: 0,
  authors: 0,
  redirects: 0,
});

/** Counts a post the survey found, by the status it will have here; its problem noted. */
export function planPost(plan: ImportCounts, problems: Set<string>, decided: NonNullable<Decided>) {
  plan.posts = (plan.posts ?? 0) + 1;
  const key = { published: "published", scheduled: "scheduled", draft: "drafts" }[decided.status];
  plan[key] = (plan[key] ?? 0) + 1;
  if (decided.problem) problems.add(decided.problem);
}

/** The editor's limits, which an imported post keeps as a written one does. */
export const POST_LIMITS = {
  title: 200,
  excerpt: 1000,
  slug: 200,
  /** A body's characters once sanitized (the editor's); a raw one over twice this is not read. */
  content: 500_000,
  tag: 60,
  tags: 30,
};

/** Why a body does not come across: the words every step that finds one too long says. */
export const OVER_THE_EDITORS_LIMIT = `its body is over ${POST_LIMITS.content.toLocaleString("en-IE")} characters, more than the editor holds`;

/**
 * More tags, paragraph breaks or unclosed blocks than any post has: each of them costs the converters
 * (paragraphs, blocks, sanitizing) work on the site's own thread, and thousands nested cost it seconds.
 */
export const BODY_PARTS = { tags: MAX_HTML_TAGS, paragraphs: 10_000, unclosedBlocks: 100 };

const occurrences = (text: string, part: string) => {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
};

/** Why a body is not read (too long, or more parts than any post has), or null. */
export function unreadableBody(html: string): string | null {
  if (html.length > 2 * POST_LIMITS.content) return OVER_THE_EDITORS_LIMIT;
  if (tagCount(html) > BODY_PARTS.tags)
    return `its body has over ${BODY_PARTS.tags.toLocaleString("en-IE")} tags, more than any post`;
  if (occurrences(html, "\n\n") > BODY_PARTS.paragraphs)
    return `its body has over ${BODY_PARTS.paragraphs.toLocaleString("en-IE")} paragraphs, more than any post`;
  const opened = occurrences(html, "<!-- wp:") - occurrences(html, "/-->");
  if (opened - occurrences(html, "<!-- /wp:") > BODY_PARTS.unclosedBlocks)
    return "its body opens blocks it never closes, as no WordPress editor writes";
  if (nestsTooDeep(html))
    return `its body has formatting nested more than ${MAX_HTML_DEPTH} layers deep, deeper than any post`;
  return null;
}

/**
 * Old pages with one of these addresses' names go to the page of this site that does the same. A Map:
 * a page named "constructor" or "__proto__" is an old page like any other.
 */
export const PAGE_EQUIVALENTS = new Map<string, string>([
  ["about", "/about"],
  ["about-us", "/about"],
  ["team", "/about"],
  ["contact", "/contact"],
  ["contact-us", "/contact"],
  ["services", "/#services"],
  ["our-services", "/#services"],
  ["work", "/work"],
  ["portfolio", "/work"],
  ["projects", "/work"],
  ["case-studies", "/work"],
  ["blog", "/blog"],
  ["news", "/blog"],
  ["home", "/"],
]);

/**
 * A path on the old site for one of its addresses (absolute or relative), or null for another site's.
 * WordPress's short link keeps its query ("/?p=12").
 */
export function oldPath(address: string, siteUrl: string): string | null {
  try {
    const url = new URL(address, `${siteUrl}/`);
    if (url.host !== new URL(siteUrl).host) return null;
    const pathOnly = withoutTrailing(url.pathname, "/") || "/";
    const shortLink = url.searchParams.get("p") ?? url.searchParams.get("page_id");
    return shortLink && pathOnly === "/" ? `/?p=${shortLink}` : pathOnly;
  } catch {
    return null;
  }
}

/**
 * What the owner chooses before the run: each old address without a page like it here (`suggested`:
 * where it goes unless they choose otherwise; null for the closest page, found by the site), and each tag.
 */
export type Offers = {
  addresses: { from: string; title: string; suggested: string | null }[];
  tags: { name: string; uses: number }[];
};

/** Old addresses offered one by one, of each kind: far more than a site has; past these, the default. */
export const ADDRESSES_OFFERED = 2000;

/** An author's list of posts there: to the about page unless the owner chooses otherwise. */
export const authorList = (from: string, name: string) => ({
  from,
  title: `Author: ${name}`.slice(0, 200),
  suggested: "/about",
});

/**
 * The choices a survey offers, the same for every kind of export: the old pages with no page of the
 * same name here (to the closest page unless chosen otherwise), the old site's lists (an author's
 * posts, a category or tag no post keeps, each with where it goes by default) and the tags, merged
 * across case as the run merges them (the preview names each merge in `problems`).
 */
export function offersOf(
  pages: { from: string; slug: string; title: string }[],
  lists: Offers["addresses"],
  tags: TagSpellings,
  problems: Set<string>,
): Offers {
  for (const line of tags.merged()) problems.add(line);
  const unmatched = pages
    .filter((page) => !PAGE_EQUIVALENTS.has(page.slug))
    .slice(0, ADDRESSES_OFFERED)
    .map((page) => ({ from: page.from, title: page.title.slice(0, 200), suggested: null }));
  return { addresses: [...unmatched, ...lists.slice(0, ADDRESSES_OFFERED)], tags: tags.list() };
}
