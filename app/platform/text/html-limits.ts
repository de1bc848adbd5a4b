import { Parser } from "htmlparser2";

/**
 * Deeper than any real writing goes (a list in a list in a quote in a table is a dozen). Past it the
 * HTML parsers here (sanitize-html's and html-to-text's htmlparser2) take time in the square of the
 * depth: 125,000 unclosed tags held the site's thread for 15 s, nested lists for longer.
 */
export const MAX_HTML_DEPTH = 200;

/**
 * More tags than any post has (a long article has some hundreds, a big table a few thousand). Every
 * save and first view parses a body several times, at ~0.15 s for each 10,000 tags on the site's thread.
 */
export const MAX_HTML_TAGS = 10_000;

const TOO_DEEP = Symbol("too deep");

/**
 * Whether `html` has tags open more than MAX_HTML_DEPTH deep, as a browser's parser reads it (void
 * elements and implied ends close as there). Read only up to where it first does, so in time linear in
 * what is read.
 */
export function nestsTooDeep(html: string): boolean {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++depth > MAX_HTML_DEPTH) throw TOO_DEEP;
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false },
  );
  try {
    parser.end(html);
    return false;
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
}

/** Every "<" counts: a tag, or text a parser has to look at as one. */
export function tagCount(html: string): number {
  let count = 0;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) count++;
  return count;
}

/**
 * Why a body written in a form cannot be taken, after its field's label ("Content has …"), or null:
 * more tags than any post, or nested deeper than any writing.
 */
export function bodyProblem(html: string): string | null {
  if (tagCount(html) > MAX_HTML_TAGS)
    return `has over ${MAX_HTML_TAGS.toLocaleString("en-IE")} tags, more than any page holds: split it in two, or paste it as plain text`;
  if (nestsTooDeep(html))
    return `has formatting nested more than ${MAX_HTML_DEPTH} layers deep (tags inside tags): paste it as plain text or remove the extra formatting`;
  return null;
}

/**
 * `html` as it is, or, when it nests too deep for the parsers, its words with the tags taken out (a
 * linear pass): for the readers of stored or imported bodies, which the forms' check did not see.
 */
export function withinDepth(html: string): string {
  return nestsTooDeep(html) ? html.replace(/<[^>]*>?/g, " ") : html;
}
