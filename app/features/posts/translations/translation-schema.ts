import { z } from "zod";

import { translationLinkFields, translationStatus } from "~/platform/i18n/translation-schema";
import { optionalLine, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/platform/text/schemas";

import { apiTags, postFields } from "../schemas";

/**
 * POST /api/blog with `lang` and `translationOf`, and PUT /api/blog/{id} of a translation: the words
 * that translate (the cover, video and schedule are the source post's). A translation is a draft or
 * published; it is live while its source is.
 */
export const PostTranslationApiSchema = z.object({
  ...translationLinkFields("post"),
  title: postFields.title,
  excerpt: postFields.excerpt,
  content: postFields.content,
  slug: optionalLine("Address", 200),
  seoTitle: optionalLine("Search title", SEO_TITLE_MAX),
  seoDescription: optionalLine("Search description", SEO_DESCRIPTION_MAX),
  status: translationStatus,
  tags: apiTags,
});

export type PostTranslationInput = z.infer<typeof PostTranslationApiSchema>;
