import { z } from "zod";

import {
  COVER_ALT_MAX,
  flag,
  line,
  mediaUrl,
  optionalText,
  requiredLine,
  rows,
  text,
  visibility,
} from "~/platform/text/schemas";

/**
 * What the admin writes for the site's content besides posts and case studies: the admin's forms and
 * the JSON API share these. Lists typed in rows (features) drop the rows left empty.
 */

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

export const TestimonialSchema = z.object({
  quote: text("Quote", 1000, true),
  name: requiredLine("Name", 100),
  role: line("Role", 100),
  company: line("Company", 120),
  image: mediaUrl("Photo or logo"),
  featured: flag,
  status: visibility,
});
export type TestimonialInput = z.infer<typeof TestimonialSchema>;

export const TeamMemberSchema = z.object({
  name: requiredLine("Name", 100),
  role: requiredLine("Role", 100),
  bio: optionalText("Bio", 1500),
  photo: mediaUrl("Photo"),
  /** A relaxed picture at work, landscape or square: shown with the others' on the about page. */
  candidPhoto: mediaUrl("Candid photo"),
  highlights: lineList("Highlights", 8),
  team: line("Team led", 80),
  teamSummary: optionalText("What the team does", 300),
  status: visibility,
});
export type TeamMemberInput = z.infer<typeof TeamMemberSchema>;

/**
 * The team screen's form: a member and, with a photo, the words that stand in for it (kept as the
 * photo's description in the media library, where every other use of the image reads it too).
 */
export const TeamMemberFormSchema = TeamMemberSchema.extend({
  photoAlt: optionalText("Photo description", COVER_ALT_MAX),
  candidPhotoAlt: optionalText("Candid photo description", COVER_ALT_MAX),
}).superRefine((value, context) => {
  if (value.photo && !value.photoAlt.trim())
    context.addIssue({
      code: "custom",
      path: ["photoAlt"],
      message: "Describe the photo for people who cannot see it, e.g. “Aoife smiling at her desk”",
    });
  if (value.candidPhoto && !value.candidPhotoAlt.trim())
    context.addIssue({
      code: "custom",
      path: ["candidPhotoAlt"],
      message:
        "Describe the candid photo for people who cannot see it, e.g. “Aoife sketching a campaign on the whiteboard”",
    });
});

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
