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
): { slug: string; field: "slug" | "title" } | { error: { field: "slug" | "title"; message: string } } {
  if (given) {
    const slug = slugify(given);
    return slug
      ? { slug, field: "slug" }
      : { error: { field: "slug", message: "The address needs at least one letter or digit (a-z, 0-9)" } };
  }
  if (kept) return { slug: kept, field: "slug" };
  const slug = slugify(title);
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
