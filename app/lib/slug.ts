/**
 * The spec's rule: lower case; everything but letters, digits, spaces and hyphens dropped; runs of
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

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
