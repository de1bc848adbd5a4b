/**
 * How a route's slug is spelled here when a request sends it in another case ("/blog/Some-Post" for
 * "/blog/some-post"): the root middleware sends such a request to the page's own spelling in one 301.
 * Only the features that own the slugs know them, and they are above the middleware's: the site says
 * how at start (server/app.ts).
 */
export type SlugSpeller = (pattern: string, slug: string) => string | undefined;

let speller: SlugSpeller = () => undefined;

export function spellSlugsWith(spell: SlugSpeller) {
  speller = spell;
}

/** The stored spelling of `slug` for the route of `pattern`, or undefined when it is already that (or unknown). */
export const slugSpelling = (pattern: string, slug: string) => speller(pattern, slug);
