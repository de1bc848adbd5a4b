import { z } from "zod";

/**
 * The fields every translated kind's schema (posts, case studies) starts with: its language and the
 * source it translates (`noun`: "post"), then ends with its status.
 */
export const translationLinkFields = (noun: string) => ({
  lang: z.string({ error: "Name the translation's language (lang)" }).max(10, "Unknown language"),
  translationOf: z
    .string({ error: `Name the ${noun} this translates (translationOf: its id)` })
    .min(1, `Name the ${noun} this translates (translationOf: its id)`)
    .max(100, `No ${noun} has this id`),
});

/** A translation is a draft or published (a draft when not said); it is live while its source is. */
export const translationStatus = z
  .enum(["draft", "published"], { error: "A translation's status is draft or published" })
  .optional()
  .transform((v) => v ?? "draft");
