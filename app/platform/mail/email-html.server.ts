import sanitizeHtml from "sanitize-html";

import { mailColours } from "~/platform/mail/branded-email";

/** E-mail clients read no style sheets: each element of a post's body gets its style inline. */
const STYLES: Record<string, string> = {
  h2: `font-size:21px;line-height:29px;font-weight:700;color:${mailColours.fg};margin:28px 0 12px`,
  h3: `font-size:18px;line-height:26px;font-weight:700;color:${mailColours.fg};margin:24px 0 10px`,
  h4: `font-size:16px;line-height:24px;font-weight:700;color:${mailColours.fg};margin:20px 0 8px`,
  p: `font-size:16px;line-height:26px;color:${mailColours.fg};margin:0 0 16px`,
  ul: `font-size:16px;line-height:26px;color:${mailColours.fg};margin:0 0 16px;padding-left:24px`,
  ol: `font-size:16px;line-height:26px;color:${mailColours.fg};margin:0 0 16px;padding-left:24px`,
  li: `margin:0 0 6px;color:${mailColours.fg}`,
  a: `color:${mailColours.primary};text-decoration:underline`,
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;line-height:24px;border-left:3px solid ${mailColours.primary};color:${mailColours.muted};font-style:italic`,
  pre: `font-family:Menlo,Consolas,monospace;font-size:13px;line-height:20px;background-color:${mailColours.bg};border-radius:8px;padding:12px;white-space:pre-wrap;margin:0 0 16px`,
  code: "font-family:Menlo,Consolas,monospace;font-size:14px",
  img: "display:block;width:100%;max-width:100%;height:auto;border-radius:8px",
  figure: "margin:0 0 20px",
  figcaption: `font-size:13px;line-height:20px;color:${mailColours.muted};margin:8px 0 0`,
  hr: `border:none;border-top:1px solid ${mailColours.border};margin:24px 0`,
};
const CLASSES: Record<string, string> = { figcaption: "nw-muted", blockquote: "nw-muted", a: "nw-link" };

const styled = (tagName: string, attribs: sanitizeHtml.Attributes = {}): sanitizeHtml.Tag => ({
  tagName,
  attribs: {
    ...attribs,
    ...(STYLES[tagName] ? { style: STYLES[tagName] } : {}),
    ...(CLASSES[tagName] ? { class: CLASSES[tagName] } : {}),
  },
});

/**
 * A post's body (already sanitized: sanitizePostHtml) as e-mail HTML: styles inline, every address
 * absolute, and a video (which no e-mail client plays) as a link to watch it on the post's page.
 */
export function emailBodyHtml(postHtml: string, { siteUrl, postUrl }: { siteUrl: string; postUrl: string }) {
  const absolute = (href = "") =>
    href.startsWith("/") && !href.startsWith("//") ? `${siteUrl}${href}` : href;
  return sanitizeHtml(postHtml, {
    allowedTags: [...Object.keys(STYLES), "br", "strong", "b", "em", "i", "u", "s"],
    allowedAttributes: {
      "*": ["style", "class"],
      a: ["href", "title", "style", "class"],
      img: ["src", "alt", "width", "height", "style"],
      ol: ["start", "style"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // The track elements of a video go with it.
    nonTextTags: ["style", "script", "textarea", "option", "noscript", "track"],
    transformTags: {
      ...Object.fromEntries(
        Object.keys(STYLES).map((tag) => [
          tag,
          (name: string, attribs: sanitizeHtml.Attributes) => styled(name, attribs),
        ]),
      ),
      a: (name, { href, title }) => styled(name, { href: absolute(href), ...(title ? { title } : {}) }),
      img: (name, { src, alt = "", width, height }) =>
        styled(name, { src: absolute(src), alt, ...(width ? { width } : {}), ...(height ? { height } : {}) }),
      video: () => ({ ...styled("a", { href: postUrl }), text: "▶ Watch the video on our site" }),
    },
  });
}
