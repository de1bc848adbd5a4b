import { distance } from "fastest-levenshtein";

import { listPublishedPostAddresses } from "~/features/posts/index.server";
import { contentVersion, type Db, getDb, pathVersion } from "~/platform/db.server";
import { prefixOf } from "~/platform/i18n/languages";
import type { PageLink } from "~/platform/pages/not-found.server";
import { withoutTrailing } from "~/platform/text/trailing";

import { sitePages } from "./site-pages.server";

const kept = new WeakMap<Db, { version: string; pages: PageLink[] }>();

/**
 * Every public page with its title. A 404 is what scanners ask for most, so the list is kept until
 * the posts, case studies or pages' words change rather than read (bodies and all) for each one.
 */
function publicPages(): PageLink[] {
  const db = getDb();
  // A publish of a page's words (a service's title) always changes the sitemap's version too.
  const version = `${contentVersion("posts", db)}/${contentVersion("case-studies", db)}/${pathVersion("/sitemap.xml", db)}`;
  const found = kept.get(db);
  if (found?.version === version) return found.pages;
  const pages = [
    ...sitePages(),
    ...listPublishedPostAddresses().map((post) => ({ path: `/blog/${post.slug}`, title: post.title })),
  ];
  kept.set(db, { version, pages });
  return pages;
}

const normalised = (path: string) => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is compared as it was typed.
  }
  return withoutTrailing(decoded.toLowerCase().replace(/[_\s]+/g, "-"), "/") || "/";
};

/** Up to this share of a page's address may differ (typos, a word dropped) for it to be suggested. */
const MAX_DIFFERENCE = 0.35;
/** A cut-off address ("/work/glow-aes") names the page it starts, once it is this long. */
const MIN_PREFIX = 8;

/**
 * The edits between two addresses (optimal string alignment): Levenshtein's, with two neighbouring
 * letters swapped counted as one edit, the commonest typo ("/wrok"), where plain Levenshtein counts
 * two. Two rows of numbers at a time. (`fastest-levenshtein` has no swaps, and serves as the quick first
 * look; `damerau-levenshtein` gives up on more than four edits and keeps a square matrix of the longer
 * address.)
 */
function edits(a: string, b: string): number {
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, twoBack[j - 2]! + 1);
      current[j] = best;
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length]!;
}

/**
 * The public page whose address is nearest the one asked for: a typo, a slug cut short, a word
 * changed. None when nothing is near, rather than a guess that would send the visitor further astray.
 */
export function closestPage(pathname: string, pages: PageLink[] = publicPages()): PageLink | null {
  // A page not translated into the language of its prefix ("/ga/about"): the default language's page.
  const language = prefixOf(pathname);
  const original = language && pages.find((page) => page.path === normalised(language.rest));
  if (original) return original;
  const wanted = normalised(pathname);
  if (wanted === "/") return null;
  let best: { page: PageLink; score: number } | null = null;
  for (const page of pages) {
    if (page.path === "/") continue;
    const prefix = wanted.length >= MIN_PREFIX && page.path.startsWith(wanted);
    const longer = Math.max(wanted.length, page.path.length);
    // Lengths this far apart are too far apart whatever the letters: a scanner's long address costs nothing.
    if (!prefix && Math.abs(wanted.length - page.path.length) > MAX_DIFFERENCE * longer) continue;
    // A swap is two of Levenshtein's edits and one of ours, so ours are at least half of its: a page
    // that far off by its count (bit-parallel, some forty times quicker) is passed over, and a site of
    // tens of thousands of posts is not counted letter by letter on every 404.
    // Nor is one that could not beat the best so far.
    const bound = best ? Math.min(best.score, MAX_DIFFERENCE) : MAX_DIFFERENCE;
    if (!prefix && distance(wanted, page.path) > 2 * bound * longer) continue;
    const score = prefix ? 0 : edits(wanted, page.path) / longer;
    if (!best || score < best.score) best = { page, score };
  }
  return best && best.score <= MAX_DIFFERENCE ? best.page : null;
}
