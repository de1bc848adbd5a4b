import { z } from "zod";

import { shareableImageType } from "../images";
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
// Half of a character (a lone surrogate, as a JSON "\ud800" sends) is no text either: SQLite would keep
// it as U+FFFD, the sender's words silently changed.
const HALF_CHARACTER = /\p{Cs}/u;
export const oneLine = (label: string) =>
  [
    (v: string) => !CONTROL_ANY.test(v) && !HALF_CHARACTER.test(v),
    `${label} must be plain text on one line`,
  ] as const;
export const plainText = (label: string) =>
  [
    (v: string) => !CONTROL_IN_TEXT.test(v) && !HALF_CHARACTER.test(v),
    `${label} contains characters that are not allowed`,
  ] as const;

// The bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates) change
// the order in which the text after them is shown: a name, a title or a quote with a right-to-left
// override reads as other words in the admin, on the site, in e-mails and in the CSV export. No text
// typed into a form needs them (the marks U+200E and U+200F, which only nudge punctuation, stay
// allowed). A post's body, pasted from anywhere and shown in paragraphs of its own, keeps them.
export const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** The rule for every text a form takes, one line or several: no direction controls. */
export const steadyDirection = (label: string) =>
  [
    (v: string) => v.search(DIRECTION_CONTROLS) === -1,
    `${label} must not contain characters that change the direction of text`,
  ] as const;

/** The forms' messages, shared by the schemas and the browser's checks before sending, so both agree. */
export const messages = {
  emailMissing: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  nameShort: "Name must be at least 2 characters",
  goalsShort: "Please provide more details about your goals",
} as const;

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
    .refine(...steadyDirection(label))
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

// The rules of the admin's content forms (posts aside), shared by the features that own that content.

/** A one-line text that must be given. */
export const requiredLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label))
    .refine(...steadyDirection(label));

export const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...oneLine(label))
    .refine(...steadyDirection(label))
    .nullish()
    .transform((v) => v ?? "");

export const text = (label: string, max: number, required = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(...plainText(label))
    .refine(...steadyDirection(label));

export const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v ?? "");

/** A checkbox ("on") or a JSON boolean. */
export const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .nullish()
  .transform((v) => v === true || v === "on" || v === "true");

export const visibility = z
  .enum(["draft", "published"], { error: "Status must be Draft or Published" })
  .optional()
  .transform((v) => v ?? "published");

/** Rows typed in a list: any row with nothing in it is dropped before the rows are checked. */
export function rows<T extends z.ZodType>(row: T, max: number, label: string) {
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

/** A date and time typed in Dublin time (day first) or sent as ISO; empty → null. */
export function dublinTime(label: string, what: string) {
  return z
    .string({ error: `${label} must be a date and time` })
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const date = parsePublishTime(v);
      if (date) return date;
      ctx.issues.push({
        code: "custom",
        input: v,
        message: `Type the ${what} time day first, e.g. 28/11/2026 09:30 (Dublin time). The hour the clocks skip in March does not exist.`,
      });
      return z.NEVER;
    });
}

/**
 * A path of this site as a redirect may send a visitor to it: resolved as a browser would (`/a/../b` is
 * `/b`, a letter outside ASCII percent-encoded, a header carrying it would otherwise fail), or null
 * when it leaves the site or is no path of it (`//host`, `/\host`, `/..//host`, a scheme, a fragment).
 */
export function sitePath(value: string): string | null {
  if (
    !/^\/(?![/\\])[^\s?#\\]*(?:\?[^\s#]*)?$/.test(value) ||
    CONTROL_ANY.test(value) ||
    /%0[ad]/i.test(value)
  )
    return null;
  const base = "https://site.invalid";
  const url = new URL(value, base);
  const path = `${url.pathname}${url.search}`;
  return url.origin === base && !/^\/[/\\]/.test(path) ? path : null;
}

/**
 * Where an ended post's or case study's address sends a visitor: a page of this site ("/blog",
 * "/services/seo"), kept as sitePath resolves it; empty → null, and the address answers 410 Gone.
 */
export function endRedirect() {
  return z
    .string({ error: "Where it sends visitors must be an address" })
    .trim()
    .max(300, "Where it sends visitors must be 300 characters or fewer")
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const path = sitePath(v);
      if (path !== null) return path;
      ctx.issues.push({
        code: "custom",
        input: v,
        message: "Where it sends visitors must be a page of this site, starting with /, e.g. /blog",
      });
      return z.NEVER;
    });
}

/**
 * The API's `updatedAt` sent back with a PUT: the version the client read (as the API answers it, ISO).
 * A save when the item was saved again since answers 409, as the editor's form does; a client that
 * sends none saves as before.
 */
const SAVED_VERSION_ERROR = "updatedAt must be the time the API gave, e.g. 2026-11-30T09:15:00.000Z";
export const savedVersion = z
  .string({ error: SAVED_VERSION_ERROR })
  .pipe(z.iso.datetime({ offset: true, error: SAVED_VERSION_ERROR }))
  .transform((value) => Date.parse(value))
  .optional();
