import { z } from "zod";

import type { ContactWords, NotFoundWords } from "~/platform/pages/types";

/**
 * The fields of every public page's copy: one schema a kind of page, so the structure stays the
 * designer's (sections are fields, not free HTML) whatever is typed. Plain fields are text and are
 * shown as text; the legal pages' section bodies are the one rich part (sanitised, page-copy.server).
 * Limits fit the design: a headline that wraps to three lines at phone width is the most it takes.
 * Unknown fields are refused (strict objects), so "__proto__" or a misspelt field is an error, not
 * something silently kept.
 */

const REQUIRED = "Required";

/** A line or paragraph of plain text, required, at most `max` characters (counted as typed). */
const text = (max: number) =>
  z.string({ error: "Must be text" }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);

/** A plain field that may be left out or empty. */
const optionalText = (max: number) =>
  z.string({ error: "Must be text" }).trim().max(max, `At most ${max} characters`).optional();

/** Where a button or link goes: a page of this site ("/contact") or a part of this page ("#services"). */
const target = z
  .string({ error: "Must be text" })
  .trim()
  .regex(
    /^(\/(?!\/)[^\s<>"\\]*|#[A-Za-z][\w-]*)$/,
    "Must be a path on this site, such as /contact, or #part",
  );

const list = <T extends z.ZodType>(item: T, min: number, max: number, what: string) =>
  z
    .array(item, { error: "Must be a list" })
    .min(min, `At least ${min} ${what}`)
    .max(max, `At most ${max} ${what}`);

export const LinkActionSchema = z.strictObject({ label: text(40), to: target });
const actions = list(LinkActionSchema, 1, 2, "buttons");

const MetaSchema = z.strictObject({ title: text(70), description: text(200) });
const HeroSchema = z.strictObject({
  eyebrow: text(80),
  headline: text(80),
  highlight: text(60),
  intro: text(300),
});
const ClosingSchema = z.strictObject({ heading: text(80), text: text(300), actions });

export const HomeCopySchema = z.strictObject({
  meta: MetaSchema,
  hero: HeroSchema.extend({ actions }),
  services: z.strictObject({ eyebrow: text(40), heading: text(60), intro: text(200) }),
  packages: z.strictObject({
    heading: text(60),
    intro: text(200),
    customPrompt: text(80),
    customLink: LinkActionSchema,
  }),
  testimonials: z.strictObject({ heading: text(60) }),
  closing: ClosingSchema,
});

const FeatureCardSchema = z.strictObject({
  title: text(80),
  description: text(400),
  items: list(text(120), 0, 12, "items").optional(),
  to: target.optional(),
});

const FeatureSectionSchema = z.strictObject({
  /** The section's anchor on the page (#what-we-do). */
  id: z
    .string({ error: "Must be text" })
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "Lower-case letters, digits and hyphens, up to 40"),
  heading: text(80),
  intro: optionalText(300),
  cards: list(FeatureCardSchema, 1, 12, "cards"),
  numbered: z.boolean({ error: "Must be true or false" }).optional(),
});

export const ServiceCopySchema = z.strictObject({
  /** The card title on home, the page's breadcrumb and what case studies credit. */
  title: text(60),
  /** One line for the home page's list of services. */
  summary: text(200),
  meta: MetaSchema.extend({ keywords: text(300) }),
  hero: HeroSchema.extend({ actions: actions.meta({ label: "Buttons under the headline" }) }),
  sections: list(FeatureSectionSchema, 1, 6, "sections"),
  /** The case studies that credit the service (shown when there are any). */
  work: z
    .strictObject({
      heading: text(60).meta({ label: "Heading over the case studies" }),
      intro: text(160).meta({
        label: "Line under that heading",
        help: "{service} is replaced by the service's title",
      }),
    })
    .meta({ label: "Case studies" }),
  benefits: z.strictObject({
    heading: text(80),
    items: list(text(160), 1, 10, "benefits"),
    quoteLabel: text(40).meta({ label: "Label over the client's quote" }),
  }),
  closing: ClosingSchema,
});

export const AboutCopySchema = z.strictObject({
  meta: MetaSchema,
  hero: HeroSchema,
  mission: z.strictObject({ heading: text(60), text: text(600) }),
  values: z.strictObject({
    heading: text(60),
    items: list(z.strictObject({ name: text(40), description: text(200) }), 1, 8, "values"),
  }),
  teams: z.strictObject({ heading: text(60), intro: text(200) }),
  story: z.strictObject({ heading: text(60) }),
  people: z.strictObject({ heading: text(60) }),
  closing: ClosingSchema,
});

export const ContactCopySchema = z.strictObject({
  meta: MetaSchema,
  eyebrow: text(40),
  heading: text(60),
  intro: text(300),
  nextSteps: z.strictObject({
    heading: text(60),
    steps: list(z.strictObject({ title: text(80), text: text(200) }), 1, 5, "steps"),
  }),
  details: z
    .strictObject({ heading: text(40).meta({ label: "Heading of the box with e-mail and phone" }) })
    .meta({ label: "Contact details" }),
  stats: list(
    z.strictObject({
      value: text(8).meta({ label: "Figure (big)" }),
      label: text(24).meta({ label: "What it counts" }),
    }),
    0,
    2,
    "tiles",
  ).meta({ label: "Tiles under the map" }),
  message: z
    .strictObject({
      heading: text(60).meta({ label: "Heading over the form" }),
      emailPrompt: text(80).meta({
        label: "Line under that heading",
        help: "The e-mail address follows it",
      }),
    })
    .meta({ label: "Message form" }),
  faq: z
    .strictObject({
      heading: text(60).meta({ label: "Heading" }),
      items: list(
        z.strictObject({
          question: text(120).meta({ label: "Question" }),
          answer: text(600).meta({ label: "Answer" }),
        }),
        0,
        10,
        "questions",
      ).meta({ label: "Questions and answers" }),
    })
    .meta({ label: "Frequently asked questions" }),
  // The enquiries feature shows these words (platform/pages/page-copy.server).
}) satisfies z.ZodType<ContactWords>;

/** The most a legal section's body may hold (its HTML). */
export const LEGAL_BODY_MAX = 20_000;

export const LegalCopySchema = z.strictObject({
  title: text(60),
  description: text(200),
  /** The date the page says it was last updated (YYYY-MM-DD). */
  updated: z
    .string({ error: "Must be text" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Not a real date"),
  sections: list(
    z.strictObject({
      heading: text(100),
      /** Rich text: paragraphs, lists, links, emphasis (sanitised HTML). */
      body: text(LEGAL_BODY_MAX),
    }),
    1,
    30,
    "sections",
  ),
});

export const NotFoundCopySchema = z.strictObject({
  heading: text(60),
  text: text(200),
  featuredHeading: text(80),
  // Every 404 shows these words (platform/pages/not-found.server).
}) satisfies z.ZodType<NotFoundWords>;

export type HomeCopy = z.output<typeof HomeCopySchema>;
export type ServiceCopy = z.output<typeof ServiceCopySchema>;
export type AboutCopy = z.output<typeof AboutCopySchema>;
export type ContactCopy = z.output<typeof ContactCopySchema>;
export type LegalCopy = z.output<typeof LegalCopySchema>;
export type NotFoundCopy = z.output<typeof NotFoundCopySchema>;

/** The kinds of page, each with its schema; a page's key says its kind ("services/seo" is a service). */
export const PAGE_KINDS = {
  home: HomeCopySchema,
  service: ServiceCopySchema,
  about: AboutCopySchema,
  contact: ContactCopySchema,
  legal: LegalCopySchema,
  "not-found": NotFoundCopySchema,
} as const;
export type PageKind = keyof typeof PAGE_KINDS;

/** The kind of the page `key` names, or null for a key no page could have. */
export function kindOfKey(key: string): PageKind | null {
  if (key === "home" || key === "about" || key === "contact" || key === "not-found") return key;
  if (/^services\/[a-z0-9][a-z0-9-]{0,79}$/.test(key)) return "service";
  if (/^legal\/[a-z0-9][a-z0-9-]{0,79}$/.test(key)) return "legal";
  return null;
}
