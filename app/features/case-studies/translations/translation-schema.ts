import { z } from "zod";

import { translationLinkFields, translationStatus } from "~/platform/i18n/translation-schema";
import {
  COVER_ALT_MAX,
  optionalLine,
  optionalText,
  requiredLine,
  richText,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from "~/platform/text/schemas";
import { parseTags } from "~/platform/text/tags";

/**
 * POST /api/work with `lang` and `translationOf`, PUT /api/work/{id} of a translation, and the admin's
 * translation form: the words that translate. The images, figures, client, credits and dates are the
 * source's. A translation is a draft or published; it is live while its source is.
 */
export const CaseStudyTranslationSchema = z.object({
  ...translationLinkFields("case study"),
  title: requiredLine("Title", 200),
  slug: optionalLine("Address", 200),
  category: requiredLine("Category", 60),
  excerpt: optionalText("Summary", 600),
  challenge: optionalText("The challenge", 4000),
  body: richText("The approach"),
  outcome: optionalText("The outcome", 4000),
  coverAlt: optionalLine("Cover image description", COVER_ALT_MAX),
  /** The results' labels, in the source's order: a list (JSON) or the form's one field a result. */
  metricLabels: z
    .union([requiredLine("Result label", 60), z.array(requiredLine("Result label", 60)).max(8)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  tags: z
    .union([z.array(requiredLine("A tag", 80)).max(20, "At most 20 tags"), z.string().max(4000)])
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : parseTags(v))]),
  seoTitle: optionalLine("Search title", SEO_TITLE_MAX),
  seoDescription: optionalLine("Search description", SEO_DESCRIPTION_MAX),
  status: translationStatus,
});

export type CaseStudyTranslationInput = z.infer<typeof CaseStudyTranslationSchema>;
