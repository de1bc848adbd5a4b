import { z } from "zod";

import type { BlogWords, ContactWords, NotFoundWords, WorkWords } from "~/platform/pages/types";
import { DIRECTION_CONTROLS } from "~/platform/text/schemas";

/**
 * The fields of every public page's copy: one schema a kind of page, so the structure stays the
 * designer's (sections are fields, not free HTML) whatever is typed. Plain fields are text and are
 * shown as text; the legal pages' section bodies are the one rich part (sanitised, page-copy.server).
 * Limits fit the design: a headline that wraps to three lines at phone width is the most it takes.
 * Unknown fields are refused (strict objects), so "__proto__" or a misspelt field is an error, not
 * something silently kept.
 */

const REQUIRED = "Required";

/**
 * Whether `value` shows anything: a character other than spaces, invisible formatting (zero-width
 * spaces, joiners, byte-order marks) and the letters that are drawn blank (the Hangul fillers, the
 * Braille blank), which would pass for text and show as nothing.
 */
export const showsText = (value: string) => /[^\s\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/u.test(value);

/** Control characters other than line breaks and tabs, and halves of a character (lone surrogates). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/** Plain text that may be empty: no unprintable characters, at most `max` characters (counted as typed). */
const plain = (max: number) =>
  z
    .string({ error: "Must be text" })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => !UNPRINTABLE.test(value), "Contains a character that cannot be shown")
    .refine(
      (value) => value.search(DIRECTION_CONTROLS) === -1,
      "Contains a character that changes the direction of text",
    );

/** A line or paragraph of plain text, required. */
const text = (max: number) => plain(max).min(1, { error: REQUIRED, abort: true }).refine(showsText, REQUIRED);

/** A plain field that may be left out or empty. */
const optionalText = (max: number) => plain(max).optional();

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

export const LinkActionSchema = z.strictObject({
  label: text(40).meta({ label: "Button text" }),
  to: target.meta({
    label: "Goes to",
    help: "A page of this site, such as /contact, or a part of this page, such as #services",
  }),
});
const actions = list(LinkActionSchema, 1, 2, "buttons").meta({ label: "Buttons", item: "Button" });

const MetaSchema = z
  .strictObject({
    title: text(70).meta({
      label: "Search title",
      help: "The title search engines and browser tabs show: up to 60 characters reads whole in results (70 at most)",
    }),
    description: text(200).meta({
      label: "Search description",
      help: "The line under the title in search results: up to 160 characters shows whole (200 at most)",
    }),
  })
  .meta({ label: "Search and sharing" });
const HeroSchema = z.strictObject({
  eyebrow: text(80).meta({ label: "Small line above the headline" }),
  headline: text(80).meta({ label: "Headline" }),
  highlight: text(60).meta({ label: "Highlighted words", help: "Shown in colour after the headline" }),
  intro: text(300).meta({ label: "Introduction" }),
});
const ClosingSchema = z
  .strictObject({
    heading: text(80).meta({ label: "Heading" }),
    text: text(300).meta({ label: "Text" }),
    actions,
  })
  .meta({ label: "Closing call to action" });

/** The wall of client logos (home and About): shown only when there are clients. */
const ClientsSchema = z
  .strictObject({ heading: text(60).meta({ label: "Heading over the client logos" }) })
  .meta({ label: "Client logos" });

export const HomeCopySchema = z.strictObject({
  meta: MetaSchema,
  hero: HeroSchema.extend({ actions }).meta({ label: "Top of the page" }),
  services: z
    .strictObject({
      eyebrow: text(40).meta({ label: "Small line above the heading" }),
      heading: text(60).meta({ label: "Heading" }),
      intro: text(200).meta({ label: "Introduction" }),
    })
    .meta({ label: "Services" }),
  packages: z
    .strictObject({
      heading: text(60).meta({ label: "Heading" }),
      intro: text(200).meta({ label: "Introduction" }),
      customPrompt: text(80).meta({ label: "Line under the packages" }),
      customLink: LinkActionSchema.meta({ label: "Link under the packages" }),
    })
    .meta({ label: "Packages" }),
  clients: ClientsSchema,
  testimonials: z
    .strictObject({ heading: text(60).meta({ label: "Heading" }) })
    .meta({ label: "Testimonials" }),
  closing: ClosingSchema,
});

const FeatureCardSchema = z.strictObject({
  title: text(80).meta({ label: "Title" }),
  description: text(400).meta({ label: "Text" }),
  items: list(text(120), 0, 12, "items").optional().meta({ label: "Points", item: "Point" }),
  to: target.optional().meta({ label: "Links to", help: "A page of this site, such as /contact (optional)" }),
});

const FeatureSectionSchema = z.strictObject({
  /** The section's anchor on the page (#what-we-do). */
  id: z
    .string({ error: "Must be text" })
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "Lower-case letters, digits and hyphens, up to 40")
    .meta({
      label: "Anchor",
      help: "The section's name in the page's address (#what-we-do): lower-case letters, digits and hyphens",
    }),
  heading: text(80).meta({ label: "Heading" }),
  intro: optionalText(300).meta({ label: "Introduction" }),
  cards: list(FeatureCardSchema, 1, 12, "cards").meta({ label: "Cards", item: "Card" }),
  numbered: z
    .boolean({ error: "Must be true or false" })
    .optional()
    .meta({ label: "Number the cards (1, 2, 3…)" }),
});

export const ServiceCopySchema = z.strictObject({
  /** The card title on home, the page's breadcrumb and what case studies credit. */
  title: text(60).meta({
    label: "Service name",
    help: "On the home page's card, the breadcrumb and case studies' credits",
  }),
  /** One line for the home page's list of services. */
  summary: text(200).meta({ label: "Summary", help: "One line for the home page's list of services" }),
  meta: MetaSchema.extend({
    keywords: text(300).meta({ label: "Keywords", help: "Words people search for, separated by commas" }),
  }).meta({ label: "Search and sharing" }),
  hero: HeroSchema.extend({
    actions: actions.meta({ label: "Buttons under the headline", item: "Button" }),
  }).meta({
    label: "Top of the page",
  }),
  sections: list(FeatureSectionSchema, 1, 6, "sections").meta({ label: "Sections", item: "Section" }),
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
  benefits: z
    .strictObject({
      heading: text(80).meta({ label: "Heading" }),
      items: list(text(160), 1, 10, "benefits").meta({ label: "Benefits", item: "Benefit" }),
      quoteLabel: text(40).meta({ label: "Label over the client's quote" }),
    })
    .meta({ label: "Benefits" }),
  closing: ClosingSchema,
});

export const AboutCopySchema = z.strictObject({
  meta: MetaSchema,
  hero: HeroSchema.meta({ label: "Top of the page" }),
  mission: z
    .strictObject({ heading: text(60).meta({ label: "Heading" }), text: text(600).meta({ label: "Text" }) })
    .meta({ label: "Mission" }),
  values: z
    .strictObject({
      heading: text(60).meta({ label: "Heading" }),
      items: list(
        z.strictObject({
          name: text(40).meta({ label: "Name" }),
          description: text(200).meta({ label: "Description" }),
        }),
        1,
        8,
        "values",
      ).meta({ label: "Values", item: "Value" }),
    })
    .meta({ label: "Values" }),
  teams: z
    .strictObject({
      heading: text(60).meta({ label: "Heading" }),
      intro: text(200).meta({ label: "Introduction" }),
    })
    .meta({ label: "Teams" }),
  clients: ClientsSchema,
  story: z.strictObject({ heading: text(60).meta({ label: "Heading" }) }).meta({ label: "Our story" }),
  people: z.strictObject({ heading: text(60).meta({ label: "Heading" }) }).meta({ label: "People" }),
  closing: ClosingSchema,
});

export const ContactCopySchema = z.strictObject({
  meta: MetaSchema,
  eyebrow: text(40).meta({ label: "Small line above the heading" }),
  heading: text(60).meta({ label: "Heading" }),
  intro: text(300).meta({ label: "Introduction" }),
  nextSteps: z
    .strictObject({
      heading: text(60).meta({ label: "Heading" }),
      steps: list(
        z.strictObject({ title: text(80).meta({ label: "Title" }), text: text(200).meta({ label: "Text" }) }),
        1,
        5,
        "steps",
      ).meta({ label: "Steps", item: "Step" }),
    })
    .meta({ label: "What happens next" }),
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
  ).meta({ label: "Tiles under the map", item: "Tile" }),
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
      ).meta({ label: "Questions and answers", item: "Question" }),
    })
    .meta({ label: "Frequently asked questions" }),
  // The enquiries feature shows these words (platform/pages/page-copy.server).
}) satisfies z.ZodType<ContactWords>;

/** The portfolio (/work): the case studies and their filter are the case studies' own. */
export const WorkCopySchema = z.strictObject({
  meta: MetaSchema,
  eyebrow: text(40).meta({ label: "Small line above the heading" }),
  heading: text(60).meta({ label: "Heading" }),
  intro: text(300).meta({ label: "Introduction" }),
  closing: ClosingSchema,
  studyClosing: ClosingSchema.meta({ label: "Closing call to action of every case study" }),
  // The case studies feature shows these words (platform/pages/page-copy.server).
}) satisfies z.ZodType<WorkWords>;

/** The blog (/blog): the articles, their search and topics are the posts' own. */
export const BlogCopySchema = z.strictObject({
  meta: MetaSchema.extend({
    topicTitle: text(70).meta({
      label: "Search title of a topic's page",
      help: "{topic} is replaced by the topic's name, such as SEO",
    }),
  }).meta({ label: "Search and sharing" }),
  eyebrow: text(40).meta({ label: "Small line above the heading" }),
  heading: text(60).meta({ label: "Heading" }),
  intro: text(300).meta({ label: "Introduction" }),
  // The posts feature shows these words (platform/pages/page-copy.server).
}) satisfies z.ZodType<BlogWords>;

/** The most a legal section's body may hold (its HTML). */
export const LEGAL_BODY_MAX = 20_000;
/**
 * The most a legal page's bodies may hold together (their HTML): twice the longest privacy policy an
 * agency's site is likely to need. Checking and sanitising it is work on the request thread, so it is
 * bounded by what a page is, not by what a request can carry.
 */
export const LEGAL_PAGE_MAX = 60_000;

export const LegalCopySchema = z.strictObject({
  meta: MetaSchema,
  title: text(60).meta({ label: "Title" }),
  /** The date the page says it was last updated (YYYY-MM-DD). */
  updated: z
    .string({ error: "Must be text" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Not a real date")
    .meta({ label: "Last updated", date: true }),
  sections: list(
    z.strictObject({
      heading: text(100).meta({ label: "Heading" }),
      /** Rich text: paragraphs, lists, links, emphasis (sanitised HTML). */
      body: text(LEGAL_BODY_MAX).meta({ label: "Text", rich: true }),
    }),
    1,
    30,
    "sections",
  )
    .refine(
      (sections) => sections.reduce((length, section) => length + section.body.length, 0) <= LEGAL_PAGE_MAX,
      `The sections' text must be at most ${LEGAL_PAGE_MAX.toLocaleString("en-IE")} characters in all`,
    )
    .meta({ label: "Sections", item: "Section" }),
});

export const NotFoundCopySchema = z.strictObject({
  heading: text(60).meta({ label: "Heading" }),
  text: text(200).meta({ label: "Text" }),
  featuredHeading: text(80).meta({ label: "Heading above the suggested pages" }),
  // Every 404 shows these words (platform/pages/not-found.server).
}) satisfies z.ZodType<NotFoundWords>;

export type HomeCopy = z.output<typeof HomeCopySchema>;
export type ServiceCopy = z.output<typeof ServiceCopySchema>;
export type AboutCopy = z.output<typeof AboutCopySchema>;
export type ContactCopy = z.output<typeof ContactCopySchema>;
export type LegalCopy = z.output<typeof LegalCopySchema>;
export type NotFoundCopy = z.output<typeof NotFoundCopySchema>;
export type WorkCopy = z.output<typeof WorkCopySchema>;
export type BlogCopy = z.output<typeof BlogCopySchema>;

/** The kinds of page, each with its schema; a page's key says its kind ("services/seo" is a service). */
export const PAGE_KINDS = {
  home: HomeCopySchema,
  service: ServiceCopySchema,
  about: AboutCopySchema,
  contact: ContactCopySchema,
  work: WorkCopySchema,
  blog: BlogCopySchema,
  legal: LegalCopySchema,
  "not-found": NotFoundCopySchema,
} as const;
export type PageKind = keyof typeof PAGE_KINDS;

/** The kind of the page `key` names, or null for a key no page could have. */
export function kindOfKey(key: string): PageKind | null {
  if (
    key === "home" ||
    key === "about" ||
    key === "contact" ||
    key === "work" ||
    key === "blog" ||
    key === "not-found"
  )
    return key;
  if (/^services\/[a-z0-9][a-z0-9-]{0,79}$/.test(key)) return "service";
  if (/^legal\/[a-z0-9][a-z0-9-]{0,79}$/.test(key)) return "legal";
  return null;
}
