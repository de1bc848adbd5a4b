/** The fields of a translation's form in the admin, each a text box. */
export const TRANSLATION_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "tags",
  "seoTitle",
  "seoDescription",
] as const;
export type TranslationValues = Record<(typeof TRANSLATION_FIELDS)[number], string>;
export type TranslationErrors = Partial<Record<(typeof TRANSLATION_FIELDS)[number] | "form", string[]>>;
