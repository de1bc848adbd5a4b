import { publishedCaseStudySlugSpelledAs } from "~/features/case-studies/index.server";
import { listServices } from "~/features/pages/copy/page-copy.server";
import { publishedPostSlugSpelledAs } from "~/features/posts/index.server";
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
