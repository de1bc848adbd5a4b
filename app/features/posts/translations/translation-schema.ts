import { z } from "zod";

import { optionalLine, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/platform/text/schemas";

import { apiTags, postFields } from "../schemas";

/**
 * POST /api/blog with `lang` and `translationOf`, and PUT /api/blog/{id} of a translation: the words
 * that translate (the cover, video and schedule are the source post's). A translation is a draft or
 * published; it is live while its source is.
 */
export const PostTranslationApiSchema = z.object({
  lang: z.string({ error: "Name the translation's language (lang)" }).max(10, "Unknown language"),
  translationOf: z
    .string({ error: "Name the post this translates (translationOf: its id)" })
    .min(1, "Name the post this translates (translationOf: its id)")
    .max(100, "No post has this id"),
  title: postFields.title,
  excerpt: postFields.excerpt,
  content: postFields.content,
  slug: optionalLine("Address", 200),
  seoTitle: optionalLine("Search title", SEO_TITLE_MAX),
  seoDescription: optionalLine("Search description", SEO_DESCRIPTION_MAX),
  status: z
    .enum(["draft", "published"], { error: "A translation's status is draft or published" })
    .optional()
    .transform((v) => v ?? "draft"),
  tags: apiTags,
});

export type PostTranslationInput = z.infer<typeof PostTranslationApiSchema>;
