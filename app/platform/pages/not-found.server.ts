import { data } from "react-router";

import { notFoundWords } from "./page-copy.server";
import type { NotFoundWords } from "./types";

/** A page of the site as a 404 names it: its address and title. */
export type PageLink = { path: string; title: string };

/** A piece of work the 404 page shows, so a lost visitor still sees what the agency does. */
export type FeaturedWork = {
  path: string;
  title: string;
  client: string;
  cover: string | null;
  /** Its first result ("212% Online Sales"), when it has one. */
  result: string | null;
};

/** What the 404 page is given to say: the page the address most likely meant, if any is close. */
export type NotFoundData = {
  closest: PageLink | null;
  featured: FeaturedWork | null;
  /** The page's words (the owner's copy); null where they cannot be read. */
  words: NotFoundWords | null;
};

// Only the pages feature knows every page of the site, and it is above the features whose pages throw
// this 404: it says how the likely page is found when the site starts (server/app.ts).
let closestTo: (pathname: string) => PageLink | null = () => null;

/** How a 404 finds the page its address most likely meant (the site map's closest page). */
export function findClosestPageWith(find: (pathname: string) => PageLink | null) {
  closestTo = find;
}

let featuredWork: (pathname: string, except?: string) => FeaturedWork | null = () => null;

/**
 * Which piece of work the 404 page shows for an address, in its language, other than the page it
 * offers (the pages feature's choice, connected at start).
 */
export function findFeaturedWorkWith(find: (pathname: string, except?: string) => FeaturedWork | null) {
  featuredWork = find;
}

/**
 * The 404 a public page throws when its address names nothing: with the page it most likely meant, or
 * the one given (an untranslated page offers its default language's version).
 */
export function pageNotFound(request: Request, offer?: PageLink): never {
  throw data<NotFoundData>(helpFor(request, offer), { status: 404 });
}

function helpFor(request: Request, offer?: PageLink): NotFoundData {
  const { pathname } = new URL(request.url);
  const closest = offer ?? closestTo(pathname);
  return { closest, featured: featuredWork(pathname, closest?.path), words: notFoundWords() };
}

/**
 * The 410 a public page throws for what was taken down on purpose (a post or case study that reached
 * its end): the 404 page's help, with the status that tells search engines to drop the address.
 */
export function pageGone(request: Request): never {
  throw data<NotFoundData>(helpFor(request), { status: 410 });
}
