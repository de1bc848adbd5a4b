import { z } from "zod";

import { shareableImageType } from "../../features/media/images";
import { parseTags } from "../../features/posts/tags";
import { parsePublishTime } from "./dublin-time";

// No code generation: zod's fast path compiles validators with `new Function`, which the site's
// Content-Security-Policy (rightly) forbids. The plain path is fast enough for forms.
z.config({ jitless: true });

// Control characters never belong in what people type: none in one-line fields; in text areas only
// tab and line breaks. (They would otherwise end up in pages, e-mails and the CSV export.)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_ANY = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const oneLine = (label: string) =>
  [(v: string) => !CONTROL_ANY.test(v), `${label} must be plain text on one line`] as const;
export const plainText = (label: string) =>
  [(v: string) => !CONTROL_IN_TEXT.test(v), `${label} contains characters that are not allowed`] as const;

/** Spec §5's words, shared by the schemas and the checks the browser makes before sending. */
export const messages = {
  emailMissing: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  nameShort: "Name must be at least 2 characters",
  goalsShort: "Please provide more details about your goals",
} as const;

/** The shortest name and goals the enquiry form accepts (spec §5). */
export const NAME_MIN = 2;
export const GOALS_MIN = 10;

/** The blog's newsletter box: one e-mail address. */
export const NewsletterSchema = z.object({
  email: z
    .string({ error: messages.emailMissing })
    .trim()
    .min(1, messages.emailMissing)
    .max(254, "That email address is too long")
    .pipe(z.email(messages.emailInvalid)),
});

/** Query of the public blog list: every value optional and forgiving. */
export const BlogQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  tag: z.string().trim().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  /** Set by the redirect after a newsletter sign-up. */
  subscribed: z.literal("1").optional().catch(undefined),
});

/** Admin sign-in (spec §5: both required). */
export const LoginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is too long")
    .refine(...oneLine("Username")),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1000, "Password is too long"),
});

// Any origin stands in for the site: only what stays on it matters.
const SITE = "http://site.invalid";

/**
 * A path on this site, read the way a browser reads it (so `/\evil.example/x.png` or `//evil.example`,
 * which browsers resolve to another host, is refused), with no spaces or control characters.
 */
export function isSiteFile(value: string): boolean {
  if (!value.startsWith("/") || /\s/.test(value)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/**
 * Whether a post's body shows an image or video from another web site, which the security policy
 * would block on every page (other schemes, like javascript:, are the sanitizer's business).
 */
function showsForeignMedia(html: string): boolean {
  for (const [, src = ""] of html.matchAll(
    /<(?:img|video|source|audio)\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]*)/gi,
  )) {
    try {
      const url = new URL(src, `${SITE}/blog/`);
      if (/^https?:$/.test(url.protocol) && url.origin !== SITE) return true;
    } catch {
      // Not a URL at all: nothing a browser would fetch.
    }
  }
  return false;
}

/** A cover or video address: an uploaded file (/uploads/...) or a web address. Empty means none. */
export const mediaUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} is too long`)
    .refine((v) => v === "" || isSiteFile(v), {
      message: `${label} must be a file uploaded to this site (an address starting with /uploads/ or /images/): the site's security policy blocks images and videos from other sites`,
    })
    .nullish()
    .transform((v) => v || null);

export const SOCIAL_IMAGE_NOT_RASTER =
  "Social image must be a JPEG, PNG or WebP picture: social networks do not show SVG or other formats. Leave it empty to use the post's own social card";

/** The picture shown when a page is shared: a file of this site, and a JPEG, PNG or WebP (never SVG). */
export const socialImageUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} is too long`)
    .refine((v) => v === "" || isSiteFile(v), {
      message: `${label} must be a file uploaded to this site (an address starting with /uploads/ or /images/)`,
    })
    .refine((v) => v === "" || !isSiteFile(v) || shareableImageType(v) !== null, {
      message: SOCIAL_IMAGE_NOT_RASTER,
    })
    .nullish()
    .transform((v) => v || null);

/** Search engines cut titles at about 60-70 characters and descriptions at about 155-160. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;
export const COVER_ALT_MAX = 250;

/** A one-line text that may be left empty (then null). */
export const optionalLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label))
    .nullish()
    .transform((v) => v || null);

/** A body written with the editor (HTML, sanitized by the service); empty allowed. */
export const richText = (label: string) =>
  z
    .string()
    .max(500_000, `${label} is too long`)
    .refine(...plainText(label))
    .refine((v) => !showsForeignMedia(v), {
      message: `${label} shows an image or video from another site, which the site's security policy blocks: upload it here instead`,
    })
    .optional()
    .transform((v) => v ?? "");

const postFields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be 200 characters or fewer")
    .refine(...oneLine("Title")),
  excerpt: z
    .string({ error: "Excerpt is required" })
    .trim()
    .min(1, "Excerpt is required")
    .max(1000, "Excerpt must be 1000 characters or fewer")
    .refine(...plainText("Excerpt")),
  content: richText("Content"),
  coverImage: mediaUrl("Cover image URL"),
  videoUrl: mediaUrl("Video URL"),
  status: z
    .enum(["draft", "scheduled", "published"], { error: "Status must be Draft, Scheduled or Published" })
    .optional()
    .transform((v) => v ?? "draft"),
  /** Normalised by the service (slugify); empty means "the title's, until the post has been live". */
  slug: optionalLine("Address", 200),
  coverAlt: optionalLine("Cover image description", COVER_ALT_MAX),
  seoTitle: optionalLine("Search title", SEO_TITLE_MAX),
  seoDescription: optionalLine("Search description", SEO_DESCRIPTION_MAX),
  socialImage: socialImageUrl("Social image"),
  publishAt: z
    .string({ error: "Publish time must be a date and time" })
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const date = parsePublishTime(v);
      if (date) return date;
      ctx.issues.push({
        code: "custom",
        input: v,
        message:
          "Publish time must be a date and time, e.g. 2026-06-01T09:00 (Dublin time) or 2026-06-01T08:00:00Z (a time the clocks skip in March does not exist)",
      });
      return z.NEVER;
    }),
};

/** The admin editor's form: tags typed as "SEO, PPC". */
export const PostFormSchema = z.object({
  ...postFields,
  tags: z
    .string()
    .max(2000, "Too many tags")
    .refine(...oneLine("Tags"))
    .optional()
    .transform((v) => parseTags(v ?? "")),
});

/** POST /api/blog and PUT /api/blog/{id}: tags as a list (or a comma-separated string). */
export const PostApiSchema = z.object({
  ...postFields,
  tags: z
    .union([
      z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(60)
            .refine(...oneLine("A tag")),
        )
        .max(30, "At most 30 tags"),
      z
        .string()
        .max(2000)
        .refine(...oneLine("Tags"))
        .transform(parseTags),
    ])
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
});

export type PostFormInput = z.infer<typeof PostFormSchema>;

/** The editor's unsaved work: at most this many characters in all (a post's body may be 500,000). */
export const AUTOSAVE_MAX_CHARS = 600_000;
const POST_KEY = z
  .string({ error: 'postKey must be a post\'s id or "new"' })
  .regex(/^[\w-]{1,100}$/, 'postKey must be a post\'s id or "new"');

/** PUT /api/blog/autosave: the form's fields as typed (strings, not checked as a post: unfinished). */
export const AutosaveSchema = z.object({
  postKey: POST_KEY,
  values: z
    .record(
      z.string().max(100, "A field name is too long"),
      z.string({ error: "Every value must be text" }),
      {
        error: "values must be an object of the form's fields",
      },
    )
    .refine((v) => Object.keys(v).length <= 50, "values may have at most 50 fields")
    .refine(
      (v) => Object.values(v).reduce((n, text) => n + text.length, 0) <= AUTOSAVE_MAX_CHARS,
      `values must be at most ${AUTOSAVE_MAX_CHARS} characters in all`,
    ),
});

/** GET and DELETE /api/blog/autosave?postKey=… */
export const AutosaveQuerySchema = z.object({ postKey: POST_KEY });

export const BUDGETS = ["5k-10k", "10k-25k", "25k-50k", "50k+"] as const;
/** How a monthly budget reads, to the visitor choosing it and to the admin answering. */
export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  "5k-10k": "€5k – €10k",
  "10k-25k": "€10k – €25k",
  "25k-50k": "€25k – €50k",
  "50k+": "€50k+",
};
/** A stored budget as it reads (a value from before the list changed reads as stored); null when none. */
export const budgetLabel = (budget: string | null) =>
  budget ? (BUDGET_LABELS[budget as keyof typeof BUDGET_LABELS] ?? budget) : null;
export const CONTACT_STATUSES = ["new", "contacted", "closed", "spam"] as const;

/** The enquiry form (spec §5), shared by the contact page and POST /api/contact. */
export const ContactSchema = z.object({
  name: z
    .string({ error: messages.nameShort })
    .trim()
    .min(NAME_MIN, messages.nameShort)
    .max(100, "Name must be 100 characters or fewer")
    .refine(...oneLine("Name")),
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .max(254, messages.emailInvalid)
    .pipe(z.email(messages.emailInvalid)),
  budget: z
    .enum(BUDGETS, { error: "Please choose a budget from the list" })
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
  goals: z
    .string({ error: messages.goalsShort })
    .trim()
    .min(GOALS_MIN, messages.goalsShort)
    .max(5000, "Please keep your goals under 5000 characters")
    .refine(...plainText("Project goals")),
});
export type ContactInput = z.infer<typeof ContactSchema>;
