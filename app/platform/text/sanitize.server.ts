import sanitizeHtml from "sanitize-html";

import { FieldError } from "../http/errors.server";
import { bodyProblem, withinDepth } from "./html-limits";
import { htmlToText } from "./html-text";
import { DIRECTION_CONTROLS, isSiteFile } from "./schemas";

const imageTag = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: { ...attribs, loading: "lazy", decoding: "async" },
});

/**
 * A table cell keeps a span of a sensible size (under 100: a few cells spanning 999 columns and rows
 * make every reader, a browser included, lay out a grid of millions) and a header's scope; any other
 * value is dropped.
 */
const tableCell = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
  tagName,
  attribs: Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) =>
      name === "scope" ? /^(row|col|rowgroup|colgroup)$/.test(value) : /^[1-9]\d?$/.test(value),
    ),
  ),
});

/**
 * The allowlist for post bodies written in the admin: text structure, links with safe schemes and
 * images, tables and definition lists (their shape: cells may span, nothing else), and videos (with
 * captions tracks) uploaded to this site. Everything else (scripts, event handlers, styles, iframes, forms, SVG, javascript:/data:
 * URLs) is dropped. Applied when a post is saved and again when it is shown.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "video",
    "track",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "dl",
    "dt",
    "dd",
  ],
  // A track is a void element, written like img.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, "track"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    ol: ["start"],
    video: ["src", "controls", "preload"],
    track: ["src", "kind", "srclang", "label"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is its only h1.
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: "_blank", rel: "noopener noreferrer" }
          : { ...attribs, target: "", rel: "" },
      };
    },
    img: (tagName, attribs) => imageTag(tagName, attribs),
    th: (tagName, attribs) => tableCell(tagName, attribs),
    td: (tagName, attribs) => tableCell(tagName, attribs),
    // Video plays only files uploaded here (the security policy blocks other sites' media anyway),
    // always with its controls and without downloading more than its first frame and length.
    video: (tagName, { src = "" }): sanitizeHtml.Tag => ({
      tagName,
      attribs: { ...(isSiteFile(src) ? { src } : {}), controls: "", preload: "metadata" },
    }),
    track: (tagName, { src = "", srclang, label }): sanitizeHtml.Tag => ({
      tagName,
      attribs: isSiteFile(src)
        ? {
            kind: "captions",
            src,
            srclang: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(srclang ?? "") ? srclang! : "en",
            label: label || "English",
          }
        : {},
    }),
  },
};

/**
 * What is dropped as showing nothing: a link without address or words, a video, track or image
 * without a file, an empty paragraph or list item (Enter after the last bullet would show as a gap or
 * a lone bullet), a table or definition list without words. A paragraph holding only a linked image is not empty: sanitize-html counts only a
 * frame's own images, so where the last link holding one began is kept (one filter per call).
 */
function showsNothing(): NonNullable<sanitizeHtml.IOptions["exclusiveFilter"]> {
  let linkedMediaAt = -1;
  return (frame) => {
    if (frame.tag === "a") {
      const empty = !frame.attribs.href && !frame.text.trim();
      if (!empty && frame.mediaChildren.length) linkedMediaAt = frame.tagPosition;
      return empty;
    }
    if (frame.tag === "video" || frame.tag === "track" || frame.tag === "img") return !frame.attribs.src;
    // A table or definition list without a word in it shows only its lines.
    if (frame.tag === "table" || frame.tag === "dl") return !frame.text.trim() && !frame.mediaChildren.length;
    if (frame.tag === "p" || frame.tag === "li")
      return !frame.text.trim() && !frame.mediaChildren.length && linkedMediaAt < frame.tagPosition;
    return false;
  };
}

/**
 * What to make of each image, link and video on the way: another address or alt text; null leaves an
 * image out.
 */
export type BodyRewrite = {
  image?: (image: { src: string; alt: string }) => { src: string; alt: string } | null;
  link?: (href: string) => string;
  video?: (src: string) => string;
};

/** `rewrite` may change each image and link on the way (the library's alt text for a blank one). */
export function sanitizePostHtml(html: string, rewrite: BodyRewrite = {}): string {
  const { image, link, video } = rewrite;
  const rewritten: sanitizeHtml.IOptions =
    image || link || video
      ? {
          ...options,
          transformTags: {
            ...options.transformTags,
            ...(image && {
              img: (tagName, attribs) => {
                const changed = image({ src: attribs.src ?? "", alt: attribs.alt ?? "" });
                // An image without an address is dropped by the filter below.
                return imageTag(tagName, changed ? { ...attribs, ...changed } : { ...attribs, src: "" });
              },
            }),
            ...(link && {
              a: (tagName, attribs) =>
                (options.transformTags!.a as sanitizeHtml.Transformer)(tagName, {
                  ...attribs,
                  ...(attribs.href && { href: link(attribs.href) }),
                }),
            }),
            ...(video && {
              video: (tagName, attribs) =>
                (options.transformTags!.video as sanitizeHtml.Transformer)(tagName, {
                  ...attribs,
                  ...(attribs.src && { src: video(attribs.src) }),
                }),
            }),
          },
        }
      : options;
  return sanitizeHtml(withinDepth(html), { ...rewritten, exclusiveFilter: showsNothing() }).replace(
    / (target|rel)=""/g,
    "",
  );
}

/**
 * A body about to be saved, refused with a FieldError on `field` when it holds more tags or nests
 * deeper than any writing does (html-limits).
 */
export function checkBody(field: string, label: string, html: string) {
  const problem = bodyProblem(html);
  if (problem) throw new FieldError(field, `${label} ${problem}`);
}

/** The addresses a body links to and its videos play, in order (hostile markup read as a browser would). */
export function addressesIn(html: string): string[] {
  const found: string[] = [];
  sanitizeHtml(withinDepth(html), {
    allowedTags: ["a", "video"],
    allowedAttributes: { a: ["href"], video: ["src"] },
    exclusiveFilter: (frame) => {
      const address = frame.tag === "a" ? frame.attribs.href : frame.attribs.src;
      if (address) found.push(address);
      return false;
    },
  });
  return found;
}

/** The images of a body, in order: each one's address and alt text, as a browser reads them. */
export function imagesIn(html: string): { url: string; alt: string }[] {
  const found: { url: string; alt: string }[] = [];
  sanitizeHtml(withinDepth(html), {
    allowedTags: ["img"],
    allowedAttributes: { img: ["src", "alt"] },
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && frame.attribs.src)
        found.push({ url: frame.attribs.src, alt: frame.attribs.alt ?? "" });
      return false;
    },
  });
  return found;
}

const LOOKS_LIKE_MARKUP = /<[a-z!/?]/i;

/**
 * A title as the text it is: tags taken out (an imported "Title <em>With</em> Markup" reads "Title
 * With Markup", never shows `<em>`), a script's or a style's content with them, entities read. A
 * title with nothing like a tag is left as typed ("a < b", "AT&T"), less the characters that turn the
 * text around (see steadyDirection); the same title twice gives the same text. (sanitize-html keeps
 * the words around a stray <body> or <html>, which a converter that reads only the body would drop.)
 */
export function titleText(title: string): string {
  let text = title;
  for (let pass = 0; pass < 3 && LOOKS_LIKE_MARKUP.test(text); pass++)
    text = htmlToText(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }));
  return text.replace(DIRECTION_CONTROLS, "").replace(/\s+/g, " ").trim();
}

/** Attributes that run script or restyle the page, and schemes that run script when followed. */
const SCRIPT_ATTRIBUTE = /^(on|style$|srcdoc$|formaction$)/i;
const SCRIPT_SCHEME = /^(javascript|vbscript|data):/i;

/**
 * The first piece of markup in `html` that the post allowlist would drop as unsafe (a tag it does not
 * allow, an event handler or style, a script address), e.g. "<script>" or "onclick"; null when none.
 * For rich fields that refuse such input with a field error rather than dropping it silently.
 */
export function unsafeMarkupIn(html: string): string | null {
  const allowed = new Set(options.allowedTags || []);
  let found: string | null = null;
  sanitizeHtml(withinDepth(html), {
    // Nothing is kept: every tag is let through only to be looked at, the output thrown away.
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (name, attribs) => {
      if (found) return;
      if (!allowed.has(name)) {
        found = `<${name}>`;
        return;
      }
      for (const [attribute, value] of Object.entries(attribs)) {
        // A browser ignores control characters and spaces inside the scheme ("java\tscript:").
        const address = [...value].filter((c) => c.charCodeAt(0) > 0x20).join("");
        if (SCRIPT_ATTRIBUTE.test(attribute) || SCRIPT_SCHEME.test(address)) {
          found = attribute;
          return;
        }
      }
    },
  });
  return found;
}
