import { publishedCaseStudySlugSpelledAs } from "~/features/case-studies/index.server";
import { listServices } from "~/features/pages/copy/page-copy.server";
import { publishedPostAddress, publishedPostSlugSpelledAs } from "~/features/posts/index.server";
import { spellingAmong } from "~/platform/text/slug";

/** The routes whose last segment is a slug, and how each finds a slug's own spelling. */
const SPELLERS = new Map<string, (slug: string) => string | undefined>([
  [
    "services/:slug",
    (slug) =>
      spellingAmong(
        slug,
        listServices().map((service) => service.slug),
      ),
  ],
  ["blog/:slug", publishedPostSlugSpelledAs],
  ["work/:slug", publishedCaseStudySlugSpelledAs],
]);

/**
 * The spelling of a service's, a live post's or a live case study's slug that `slug` names in another
 * case, for the route of `pattern`; undefined for any other route, or when `slug` is spelled as stored.
 */
export function publicSlugSpelling(pattern: string, slug: string): string | undefined {
  return SPELLERS.get(pattern.split("/").filter(Boolean).join("/"))?.(slug);
}

/** An old WordPress permalink: a year, a month and perhaps a day before the post's slug. */
const DATED_PERMALINK = /^\/\d{4}\/\d{1,2}(?:\/\d{1,2})?\/([a-z0-9][a-z0-9_-]{0,199})\/?$/i;

/**
 * The post an old dated address names by its slug, whatever its date (a link copied with another day,
 * a post moved in from WordPress whose date changed): its address here, as WordPress's own guess for
 * a missing permalink finds it. Undefined for any other address.
 */
export function postAtOldPermalink(pathname: string): string | undefined {
  const slug = DATED_PERMALINK.exec(pathname)?.[1];
  if (!slug) return undefined;
  const found = publishedPostAddress(slug.toLowerCase())?.slug ?? publishedPostSlugSpelledAs(slug);
  return found && `/blog/${found}`;
}
