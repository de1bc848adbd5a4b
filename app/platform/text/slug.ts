/**
 * A title's address: lower case; everything but letters, digits, spaces and hyphens dropped; runs of
 * white space become one hyphen. Accents are folded first (Sinéad → sinead) and stray hyphens at the
 * ends or in runs are tidied, so the address stays clean.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Words a short address can do without: articles, linking words, and the "how we" of a headline. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by did do does for from had has have how i in into is it its of on " +
    "or our over so than that the their them these they this those through to up us was we were what " +
    "when where which who why will with without you your new"
  ).split(" "),
);

/** A short address holds at most this many words, and this many characters. */
export const SHORT_SLUG_WORDS = 5;
export const SHORT_SLUG_LENGTH = 50;

/**
 * A headline's short address: its words without stop words or bare numbers, as many as fit in five
 * words and 50 characters, never a word cut ("How Harbour Logistics cut quote times by 92% with a new
 * portal" → harbour-logistics-cut-quote-times). A title of nothing but such words keeps them instead;
 * a single word longer than the limit is kept whole.
 */
export function shortSlug(title: string): string {
  const words = slugify(title).split("-").filter(Boolean);
  const telling = words.filter((word) => !STOP_WORDS.has(word) && !/^\d+$/.test(word));
  const chosen: string[] = [];
  for (const word of telling.length > 0 ? telling : words) {
    if (chosen.length === SHORT_SLUG_WORDS) break;
    const length = [...chosen, word].join("-").length;
    if (chosen.length > 0 && length > SHORT_SLUG_LENGTH) break;
    chosen.push(word);
  }
  return chosen.join("-");
}

/**
 * The address a case study's title gives it while the address follows the title: the short form; but
 * one made when addresses were the whole title (its address is its title's whole form, not the short
 * one) keeps following the whole title, so no address that exists changes by itself.
 */
export function caseStudySlugOf(title: string, before?: { title: string; slug: string }): string {
  const made = before && before.slug !== shortSlug(before.title) && before.slug === slugify(before.title);
  return made ? slugify(title) : shortSlug(title);
}

/**
 * The address of a post or case study: the one the admin gave (normalised), else the one it has once
 * it has been live (`kept`: links to it exist), else the title's. Which field made it is returned so
 * a clash is reported beside that field.
 */
export function chooseSlug(
  given: string | null | undefined,
  title: string,
  kept: string | null,
  what: string,
  /** How the title makes the address (the whole title unless a kind says otherwise). */
  fromTitle: (title: string) => string = slugify,
): { slug: string; field: "slug" | "title" } | { error: { field: "slug" | "title"; message: string } } {
  if (given) {
    const slug = slugify(given);
    return slug
      ? { slug, field: "slug" }
      : { error: { field: "slug", message: "The address needs at least one letter or digit (a-z, 0-9)" } };
  }
  if (kept) return { slug: kept, field: "slug" };
  const slug = fromTitle(title);
  return slug
    ? { slug, field: "title" }
    : {
        error: {
          field: "title",
          message: `The title needs at least one letter or digit to make the ${what}'s web address`,
        },
      };
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One spelling of a slug to compare others with: composed accents, lower case (Unicode's, not ASCII's). */
export const slugKey = (slug: string) => slug.normalize("NFC").toLowerCase();

/**
 * A SQL LIKE pattern (escaped with "\") that finds `slug` whatever its case: SQLite's LIKE ignores the
 * case of ASCII letters only, so each other character matches any one character and the candidates are
 * compared with slugKey afterwards.
 */
export function likeAnyCase(slug: string): string {
  return [...slug.normalize("NFC")]
    .map((character) => (/^[\x20-\x7e]$/.test(character) ? character.replace(/[\\%_]/g, "\\$&") : "_"))
    .join("");
}

/** The one of `stored` that is `sent` in another case, or undefined when `sent` is one of them as it is. */
export function spellingAmong(sent: string, stored: string[]): string | undefined {
  if (stored.includes(sent)) return undefined;
  const wanted = slugKey(sent);
  return stored.find((slug) => slugKey(slug) === wanted);
}
