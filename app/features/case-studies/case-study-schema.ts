import { z } from "zod";

import { shownCount } from "~/features/case-studies/work-paging";
import {
  COVER_ALT_MAX,
  dublinTime,
  endRedirect,
  flag,
  line,
  mediaUrl,
  oneLine,
  optionalLine,
  optionalText,
  requiredLine,
  richText,
  rows,
  steadyDirection,
  visibility,
} from "~/platform/text/schemas";
import { parseTags } from "~/platform/text/tags";

/**
 * What the admin writes for a case study: the admin's form and the JSON API share it. Lists typed in
 * rows (metrics, gallery) drop the rows left empty.
 */

const saidBy = steadyDirection("Who said it");

/** "SEO, PPC" typed, or a list (JSON). */
const wordList = (label: string, max: number) =>
  z
    .union([
      z.array(requiredLine(label, 80)).max(max, `At most ${max} ${label.toLowerCase()}`),
      z
        .string()
        .max(4000)
        .refine(...oneLine(label))
        .transform(parseTags),
    ])
    .optional()
    .transform((v) => [...new Set(v ?? [])]);

const imageRef = (label: string) =>
  z.object({
    url: mediaUrl(label).pipe(
      z.string({ error: `Choose an image for each row of the ${label.toLowerCase()}` }),
    ),
    alt: requiredLine("Image description", COVER_ALT_MAX),
    caption: line("Caption", 300),
  });

export const MetricSchema = z.object({
  value: requiredLine("Result figure", 20),
  label: requiredLine("Result label", 60),
});

export const CaseStudySchema = z.object({
  title: requiredLine("Title", 200),
  slug: optionalLine("Address", 200),
  clientName: requiredLine("Client", 120),
  category: requiredLine("Category", 60),
  /** Empty: the service makes one from the challenge or the approach (excerptFromBody). */
  excerpt: optionalText("Summary", 600),
  challenge: optionalText("The challenge", 4000),
  body: richText("The approach"),
  outcome: optionalText("The outcome", 4000),
  coverImage: mediaUrl("Cover image"),
  coverAlt: optionalLine("Cover image description", COVER_ALT_MAX),
  gallery: rows(imageRef("Gallery"), 24, "Gallery images"),
  metrics: rows(MetricSchema, 8, "Results"),
  tags: wordList("Tags", 20),
  /** The services delivered: the form's checkboxes (one value or several) or a list. */
  credits: z
    .union([
      z.array(requiredLine("A service", 80)).max(12, "At most 12 services"),
      requiredLine("A service", 80),
    ])
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])]),
  testimonialId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  /**
   * A client's quote written in the case study's own form (by an editor too): saved as a testimonial
   * and chosen as the study's quote.
   */
  newQuote: z
    .object({
      quote: optionalText("The quote", 1000),
      name: optionalLine("Who said it", 120).refine((v) => v === null || saidBy[0](v), saidBy[1]),
      role: optionalLine("Their role", 120),
    })
    .optional()
    .superRefine((quote, context) => {
      if (quote?.quote && !quote.name)
        context.addIssue({ code: "custom", path: ["name"], message: "Say who said it" });
    }),
  featured: flag,
  status: visibility,
  /** When it leaves the site on its own (Dublin time, or an ISO time from the API); null: it stays. */
  unpublishAt: dublinTime("End time", "end"),
  endRedirect: endRedirect(),
});
export type CaseStudyInput = z.infer<typeof CaseStudySchema>;

/** The largest case study taken: its approach is editor HTML, like a post's body. */
export const CASE_STUDY_LIMIT_BYTES = 600 * 1024;

/**
 * Query of the public portfolio (/work in any language), read as the blog reads its own: every value
 * optional and forgiving, a repeated one's last (`Object.fromEntries`), without the spaces around it.
 */
export const WorkQuerySchema = z.object({
  category: z.string().trim().catch("").default(""),
  show: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => shownCount(value ?? null)),
});
