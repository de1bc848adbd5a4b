import { htmlToText } from "./html-text";

/** How long an excerpt made from a body runs, as WordPress and Ghost make theirs (about two lines). */
export const MADE_EXCERPT_LENGTH = 160;

/**
 * Plain text cut at the last word that fits in `max` characters, with "…" when there was more (a
 * single word longer than `max` is cut inside it). Runs of white space read as one space.
 */
export function shortenText(text: string, max = MADE_EXCERPT_LENGTH): string {
  const characters = Array.from(text.replace(/\s+/g, " ").trim());
  if (characters.length <= max) return characters.join("");
  const head = characters.slice(0, max + 1).join("");
  const lastSpace = head.lastIndexOf(" ");
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : characters.slice(0, max).join("");
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}

/**
 * An excerpt for a post or case study left without one, as WordPress and Ghost make theirs: the
 * body's visible text (markup stripped), shortened at a word. Empty when the body has no text.
 */
export const excerptFromBody = (html: string, max = MADE_EXCERPT_LENGTH): string =>
  shortenText(htmlToText(html), max);
