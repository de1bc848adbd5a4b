import { parse } from "@wordpress/block-serialization-default-parser";

type ParsedBlock = ReturnType<typeof parse>[number];

/** An attachment of the export: its file's address and its alt text. */
export type Attachment = { url: string; alt: string };

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A link standing for something this site does not embed (a YouTube video, a tweet): its address. */
const linkTo = (url: string) =>
  /^https?:\/\/\S+$/i.test(url.trim())
    ? `<p><a href="${escapeAttribute(url.trim())}">${escapeText(url.trim())}</a></p>`
    : "";

const BLOCK_START =
  /^<(h[1-6]|p|ul|ol|li|blockquote|figure|div|table|pre|hr|img|video|section|dl|address)\b/i;

/**
 * WordPress's wpautop, as far as a body needs it: text split by a blank line becomes paragraphs, a single
 * line break a <br>; a part that already starts with a block (a heading, a list, a figure) is kept.
 */
function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (BLOCK_START.test(part)) return part;
      // An address alone on its line is WordPress's way of embedding it (oEmbed).
      if (/^https?:\/\/\S+$/i.test(part)) return linkTo(part);
      return `<p>${part.replace(/\n/g, "<br>\n")}</p>`;
    })
    .join("\n");
}

const attributesOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    [...text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)].map((m) => [
      m[1]!.toLowerCase(),
      m[2] ?? m[3] ?? m[4] ?? "",
    ]),
  );

/**
 * The shortcodes WordPress itself writes become what they show: [caption] a captioned image, [embed]
 * a link, [gallery] its images. Any other (a plugin's) is taken out, its text kept, and reported.
 */
function shortcodes(html: string, attachments: Map<string, Attachment>, problems: Set<string>): string {
  return html
    .replace(/\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/gi, (_all, attrs: string, inner: string) => {
      const image = /(<a\b[^>]*>\s*)?<img\b[^>]*>(\s*<\/a>)?/i.exec(inner)?.[0] ?? "";
      const caption = (attributesOf(attrs).caption ?? inner.replace(image, "")).trim();
      return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
    })
    .replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_all, url: string) => linkTo(url))
    .replace(/\[gallery([^\]]*)\]/gi, (_all, attrs: string) =>
      (attributesOf(attrs).ids ?? "")
        .split(",")
        .map((id) => attachments.get(id.trim()))
        .filter((found): found is Attachment => Boolean(found))
        .map(
          (found) =>
            `<figure><img src="${escapeAttribute(found.url)}" alt="${escapeAttribute(found.alt)}"></figure>`,
        )
        .join("\n"),
    )
    .replace(/\[(\/?)([a-z][\w-]*)([^\]]*)\]/gi, (all, closing: string, name: string) => {
      // "[1]" or "[sic]" in prose is not a shortcode; only names seen with a closing tag or attributes count.
      if (!closing && !/[\s=]/.test(all) && !html.includes(`[/${name}]`)) return all;
      problems.add(`shortcode [${name.toLowerCase()}] is not supported here: taken out, its text kept`);
      return "";
    });
}

function renderBlock(
  block: ParsedBlock,
  attachments: Map<string, Attachment>,
  problems: Set<string>,
): string {
  const name = block.blockName;
  if (name === null) return paragraphs(shortcodes(block.innerHTML, attachments, problems));
  if (name === "core/embed" || name.startsWith("core-embed/")) return linkTo(String(block.attrs?.url ?? ""));
  if (name === "core/shortcode") return paragraphs(shortcodes(block.innerHTML, attachments, problems));
  if (name === "core/more" || name === "core/nextpage" || name === "core/spacer") return "";
  if (!name.startsWith("core/")) problems.add(`block ${name} is not supported here: kept as its HTML`);
  let inner = 0;
  return block.innerContent
    .map((part) =>
      part === null
        ? renderBlock(block.innerBlocks[inner++]!, attachments, problems)
        : shortcodes(part, attachments, problems),
    )
    .join("")
    .trim();
}

/**
 * An embedded frame (a YouTube player, a map) becomes a link to what it showed: the site's sanitizer
 * and security policy allow no frames from elsewhere.
 */
export function framesAsLinks(html: string): string {
  return html.replace(
    /<iframe\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>(?:[\s\S]*?<\/iframe>)?/gi,
    (_all, src: string) => linkTo(src.startsWith("//") ? `https:${src}` : src),
  );
}

/**
 * A WordPress body as HTML for the editor's sanitizer: Gutenberg blocks by their saved HTML (embeds as
 * links, the page-break and spacer blocks dropped), classic-editor text by wpautop's rules, shortcodes
 * as above. What could not come across is named in `problems`.
 */
export function wordpressBody(content: string, attachments: Map<string, Attachment>) {
  const problems = new Set<string>();
  const html = framesAsLinks(
    parse(content)
      .map((block) => renderBlock(block, attachments, problems))
      .filter(Boolean)
      .join("\n"),
  );
  return { html, problems: [...problems] };
}
