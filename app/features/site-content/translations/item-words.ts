import { z } from "zod";

import { PackageSchema, TeamMemberSchema, TestimonialSchema } from "../content-schemas";

/** The lists whose items translate: the team, testimonials and packages (client logos and the story do not). */
export const TRANSLATED_LISTS = ["team", "testimonials", "packages"] as const;
export type TranslatedList = (typeof TRANSLATED_LISTS)[number];

export const isTranslatedList = (value: unknown): value is TranslatedList =>
  TRANSLATED_LISTS.includes(value as TranslatedList);

/**
 * The words of an item that translate, checked by the item's own rules: the text a visitor reads.
 * Names (a person's, a company's), photos, prices and places stay the source's. Strict: an unknown or
 * prototype-named field is refused.
 */
export const ITEM_WORDS_SCHEMAS = {
  team: z.strictObject(
    TeamMemberSchema.pick({ role: true, bio: true, highlights: true, team: true, teamSummary: true }).shape,
  ),
  testimonials: z.strictObject(TestimonialSchema.pick({ quote: true, role: true }).shape),
  packages: z.strictObject(PackageSchema.pick({ name: true, description: true, features: true }).shape),
} as const;

export type ItemWords = Record<string, unknown>;

/** The words of the source item as its list's words schema names them, in the schema's order. */
export function wordsOf(list: TranslatedList, item: Record<string, unknown>): ItemWords {
  return Object.fromEntries(Object.keys(ITEM_WORDS_SCHEMAS[list].shape).map((key) => [key, item[key]]));
}
