import { FieldError } from "~/platform/http/errors.server";
import { prefixOf } from "~/platform/i18n/languages";
import { sitePath } from "~/platform/text/schemas";

/** What a post's or a case study's end is checked on. */
export type EndDraft = {
  status: string;
  publishAt?: Date | null;
  unpublishAt?: Date | null;
  endRedirect?: string | null;
};

/** An end: in the future, and after the item goes live when it is scheduled. */
export function checkEnd(draft: EndDraft, now: Date, noun: string) {
  const end = draft.unpublishAt;
  if (!end) return;
  if (end.getTime() <= now.getTime())
    throw new FieldError(
      "unpublishAt",
      `That end has already passed: choose a date and time in the future, or unpublish the ${noun} now`,
    );
  if (draft.status === "scheduled" && draft.publishAt && end.getTime() <= draft.publishAt.getTime())
    throw new FieldError("unpublishAt", `The end must come after the ${noun} goes live: choose a later time`);
}

/** Whether the site answers a path: only the pages feature knows every page (connected at start). */
let pageAt: ((path: string) => boolean) | null = null;

/** How an end learns whether the page it sends visitors to exists (the pages feature's pageChecker). */
export function checkEndTargetsWith(make: () => (path: string) => boolean) {
  pageAt = (path) => make()(path);
}

/**
 * Where an ended item sends visitors is never its own address (`slugIn` reads its section's paths),
 * and is a page the site answers: "/services", which the menu's word suggests, is none, and would
 * send every visitor on to the 404 page. An address under another language's prefix is taken as given
 * (the pages feature knows the default language's addresses).
 */
export function checkEndRedirect(
  draft: EndDraft,
  slug: string,
  slugIn: (path: string) => string | undefined,
  noun: string,
) {
  const target = draft.endRedirect;
  if (!target) return;
  if (slugIn(target) === slug.toLowerCase())
    throw new FieldError(
      "endRedirect",
      `That is this ${noun}'s own address: choose another page, or leave it empty to answer 410 Gone`,
    );
  if (pageAt && !prefixOf(target.split(/[?#]/)[0]!) && !pageAt(target))
    throw new FieldError(
      "endRedirect",
      `${clipped(target)} is not a page of this site: choose one that is, such as /blog or /contact, or leave it empty to answer 410 Gone`,
    );
}

const clipped = (path: string) => (path.length > 60 ? `${path.slice(0, 59)}…` : path);

/** The most ended items one end's redirect is followed through before the address answers 410. */
const MOST_HOPS = 5;

/**
 * An item that left the site at its end, by its address: where it sends visitors (null: 410 Gone). A
 * redirect to another ended item of its section is followed to where that one sends them, and one that
 * comes back round (an item sent to itself, two sent to each other) or never arrives is 410 Gone.
 */
export function followEndRedirect(
  slug: string,
  endedAt: (slug: string) => { endRedirect: string | null } | undefined,
  slugIn: (path: string) => string | undefined,
): { endRedirect: string | null } | undefined {
  const ended = endedAt(slug);
  if (!ended) return undefined;
  const seen = new Set([slug.toLowerCase()]);
  let target = ended.endRedirect;
  // Read as a browser would (a row kept before the check, with a letter outside ASCII, made a 500).
  for (let hop = 0; target && (target = sitePath(target)); hop++) {
    const next = slugIn(target);
    if (next === undefined) return { endRedirect: target };
    const further = endedAt(next);
    if (!further) return { endRedirect: target };
    if (seen.has(next) || hop === MOST_HOPS) return { endRedirect: null };
    seen.add(next);
    target = further.endRedirect;
  }
  return { endRedirect: null };
}
