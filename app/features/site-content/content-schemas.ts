import { z } from "zod";

import { parseTags } from "~/features/posts";
import {
  COVER_ALT_MAX,
  mediaUrl,
  oneLine,
  optionalLine,
  personName,
  plainText,
  richText,
} from "~/platform/text/schemas";

/**
 * What the admin writes for the site's content besides posts: the admin's forms and the JSON API
 * share these. Lists typed in rows (metrics, gallery, features) drop the rows left empty.
 */

const saidBy = personName("Who said it");

const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label));

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label))
    .nullish()
    .transform((v) => v ?? "");

const text = (label: string, max: number, required = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...plainText(label));

const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v ?? "");

/** A checkbox ("on") or a JSON boolean. */
const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .nullish()
  .transform((v) => v === true || v === "on" || v === "true");

const visibility = z
  .enum(["draft", "published"], { error: "Status must be Draft or Published" })
  .optional()
  .transform((v) => v ?? "published");

/** Rows typed in a list: any row with nothing in it is dropped before the rows are checked. */
function rows<T extends z.ZodType>(row: T, max: number, label: string) {
  return z.preprocess(
    (value) =>
      Array.isArray(value)
        ? value.filter(
            (item) =>
              item &&
              typeof item === "object" &&
              Object.values(item).some((v) => typeof v === "string" && v.trim() !== ""),
          )
        : (value ?? []),
    z.array(row, { error: `${label} must be a list` }).max(max, `At most ${max} ${label.toLowerCase()}`),
  );
}

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

/** One per line typed, or a list (JSON). */
const lineList = (label: string, max: number) =>
  z
    .union([
      z.array(requiredLine(label, 200)).max(max, `At most ${max} ${label.toLowerCase()}`),
      text(label, 4000).transform((v) =>
        v
          .split("\n")
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ])
    .optional()
    .transform((v) => v ?? []);

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
  excerpt: text("Summary", 600, true),
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
});
export type CaseStudyInput = z.infer<typeof CaseStudySchema>;

export const TestimonialSchema = z.object({
  quote: text("Quote", 1000, true),
  name: requiredLine("Name", 100).refine(...personName("Name")),
  role: line("Role", 100),
  company: line("Company", 120),
  image: mediaUrl("Photo or logo"),
  featured: flag,
  status: visibility,
});
export type TestimonialInput = z.infer<typeof TestimonialSchema>;

export const TeamMemberSchema = z.object({
  name: requiredLine("Name", 100).refine(...personName("Name")),
  role: requiredLine("Role", 100),
  bio: optionalText("Bio", 1500),
  photo: mediaUrl("Photo"),
  highlights: lineList("Highlights", 8),
  team: line("Team led", 80),
  teamSummary: optionalText("What the team does", 300),
  status: visibility,
});
export type TeamMemberInput = z.infer<typeof TeamMemberSchema>;

export const ClientLogoSchema = z.object({
  name: requiredLine("Name", 120),
  logo: mediaUrl("Logo"),
  url: line("Web site", 500).refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v), {
    message: "Web site must be a full address starting with https://",
  }),
  status: visibility,
});
export type ClientLogoInput = z.infer<typeof ClientLogoSchema>;

/**
 * A milestone of the about page's story. The founding one takes its year from the settings, so its
 * own year may be left empty.
 */
export const MilestoneSchema = z
  .object({
    // 0: none given (the founding's comes from the settings).
    year: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce
        .number({ error: "Year must be a year, e.g. 2021" })
        .int("Year must be a year, e.g. 2021")
        .min(1900, "Year must be 1900 or later")
        .max(2100, "Year must be 2100 or earlier")
        .default(0),
    ),
    name: requiredLine("Title", 80),
    text: optionalText("What happened", 300),
    founding: flag,
    status: visibility,
  })
  .refine((milestone) => milestone.founding || milestone.year !== 0, {
    message: "Year is required",
    path: ["year"],
  });
export type MilestoneInput = z.infer<typeof MilestoneSchema>;

export const PackageSchema = z.object({
  name: requiredLine("Name", 60),
  description: optionalText("Description", 400),
  // Typed as people write prices: "€1,395" and "1 395" are 1395.
  pricePerMonth: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/[€,\s]|\.00$/g, "") : value),
    z.coerce
      .number({ error: "Monthly price must be a whole number of euro" })
      .int("Monthly price must be a whole number of euro")
      .min(0, "Monthly price cannot be negative")
      .max(1_000_000, "Monthly price must be at most €1,000,000"),
  ),
  features: rows(
    z.object({ name: requiredLine("Feature", 120), detail: line("Feature note", 200) }),
    30,
    "Features",
  ),
  popular: flag,
  status: visibility,
});
export type PackageInput = z.infer<typeof PackageSchema>;
