import { redirect } from "react-router";

/**
 * How a route's slug is spelled here when a request sends it in another case ("/blog/Some-Post" for
 * "/blog/some-post"): such a request is sent to the page's own spelling in one 301. Only the features
 * that own the slugs know them, and they are above the platform's: the site says how at start
 * (server/app.ts).
 */
export type SlugSpeller = (pattern: string, slug: string) => string | undefined;

let speller: SlugSpeller = () => undefined;

export function spellSlugsWith(spell: SlugSpeller) {
  speller = spell;
}

/** The stored spelling of `slug` for the route of `pattern`, or undefined when it is already that (or unknown). */
export const slugSpelling = (pattern: string, slug: string) => speller(pattern, slug);

/**
 * For a slug page's not-found path (a slug spelled as stored costs no look-up): when `slug` names a
 * live item of the route of `pattern` ("blog/:slug") in another case, a 301 to its own spelling, the
 * query kept; otherwise it returns, and the page answers 404.
 */
export function redirectToSlugSpelling(request: Request, pattern: string, slug: string): void {
  const stored = slugSpelling(pattern, slug);
  // "." and ".." would be read as steps up the path by the browser: never an address to send to.
  if (stored === undefined || stored === slug || stored === "." || stored === "..") return;
  const path = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment === ":slug" ? encodeURIComponent(stored) : segment))
    .join("/");
  throw redirect(`/${path}${new URL(request.url).search}`, 301);
}
