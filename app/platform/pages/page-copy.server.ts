import type { BlogWords, ContactWords, NotFoundWords, WorkWords } from "./types";

/**
 * The published words of a public page, for the features below the pages feature that show one (the
 * contact page in enquiries, /work in case studies, /blog in posts, the 404 every feature throws): the pages feature says how they are read
 * when the site starts (server/app.ts), as it does for the 404's likely page.
 */
let readCopy: (key: string) => unknown = () => undefined;

export function readPageCopyWith(read: (key: string) => unknown) {
  readCopy = read;
}

function copyOf<T>(key: string): T {
  const copy = readCopy(key);
  if (!copy) throw new Error(`No copy for the page "${key}": is readPageCopyWith connected at start?`);
  return copy as T;
}

export const contactWords = () => copyOf<ContactWords>("contact");
/** The portfolio's (/work) heading, introduction, closing and search words. */
export const workWords = () => copyOf<WorkWords>("work");
/** The blog's (/blog) heading, introduction and search words. */
export const blogWords = () => copyOf<BlogWords>("blog");
/** The blog's words for this request, or undefined where its page is not translated into the request's language. */
export const blogWordsIfAny = () => readCopy("blog") as BlogWords | undefined;

/** The heading over the client logos, as the home page has it (the admin's preview of the strip). */
export const clientsHeading = () => copyOf<{ clients: { heading: string } }>("home").clients.heading;

/** The portfolio's words for this request, or undefined where the page is not in its language. */
export const workWordsIfAny = () => readCopy("work") as WorkWords | undefined;

/** The contact page's words for this request, or undefined where the page is not in its language. */
export const contactWordsIfAny = () => readCopy("contact") as ContactWords | undefined;

/** The 404's words, or null where none can be read (a 404 must still be answered). */
export function notFoundWords(): NotFoundWords | null {
  try {
    return copyOf<NotFoundWords>("not-found");
  } catch {
    return null;
  }
}
