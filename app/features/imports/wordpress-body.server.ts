import { parse } from "@wordpress/block-serialization-default-parser";

import {
  attributeOf,
  audioLink,
  embedCard,
  embedsAsCards,
  playersAsSiteMedia,
  replaceElements,
} from "./media/embeds";

type ParsedBlock = ReturnType<typeof parse>[number];

/** An attachment of the export: its id, its file's address, its alt text, and the post it belongs to. */
export type Attachment = { id: string; url: string; alt: string; parent?: string; order?: number };

/** What a body's shortcodes may show of the export's files: every attachment, and a post's own images. */
type BodyMedia = {
  attachments: Map<string, Attachment>;
  /** Each post's images in WordPress's gallery order (galleryImages). */
  galleries: Map<string, Attachment[]>;
  /** The post the body is of: a [gallery] without ids shows its images. */
  postId: string;
};

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?)(?:$|\?)/i;

/**
 * Each post's images as a [gallery] without ids shows them: the image files uploaded to it, by their
 * place (menu order) and then their id, as WordPress orders them. Made once for an export.
 */
export function galleryImages(attachments: Map<string, Attachment>): Map<string, Attachment[]> {
  const byPost = new Map<string, Attachment[]>();
  for (const attachment of attachments.values()) {
    if (!attachment.parent || attachment.parent === "0" || !IMAGE_FILE.test(attachment.url)) continue;
    const list = byPost.get(attachment.parent);
    if (list) list.push(attachment);
    else byPost.set(attachment.parent, [attachment]);
  }
  for (const list of byPost.values())
    list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || Number(a.id) - Number(b.id));
  return byPost;
}

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
  return (
    text
      .replace(/\r\n?/g, "\n")
      // An address alone on its line, even between lines of text, is embedded: a paragraph of its own.
      .replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm, "\n$1\n")
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        if (BLOCK_START.test(part)) return part;
        // An address alone on its line is WordPress's way of embedding it (oEmbed).
        if (/^https?:\/\/\S+$/i.test(part)) return linkTo(part);
        return `<p>${part.replace(/\n/g, "<br>\n")}</p>`;
      })
      .join("\n")
  );
}

/** A shortcode's attributes (`id="5" title='Form' width=300`), read in one pass. */
function attributesOf(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/(?<![\w-])([\w-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"']\S*)/g)) {
    const value = m[2]!;
    found.set(m[1]!.toLowerCase(), /^["']/.test(value) ? value.slice(1, -1) : value);
  }
  return found;
}

/** One shortcode as written: `[name attributes]` or `[/name]`, where it starts and ends. */
type Tag = { start: number; end: number; name: string; closing: boolean; attributes: string };

/**
 * Every shortcode tag in `html`, in order, in one pass: a tag runs from "[" to the next "]" with no
 * "[" between, so no character is read twice (a "[" that does not start a tag is where the next look
 * begins). Regular expressions that look ahead for a closing tag read the rest of the body for every
 * opening one: 200 KB of "[caption]" took seconds, of "[a]" (any programming blog's `arr[i]`) a minute.
 */
function tagsIn(html: string): Tag[] {
  const tags: Tag[] = [];
  let at = html.indexOf("[");
  let close = -1;
  while (at !== -1) {
    const next = html.indexOf("[", at + 1);
    if (close <= at) close = html.indexOf("]", at + 1);
    if (close === -1) break;
    if (next !== -1 && next < close) {
      at = next;
      continue;
    }
    const m = /^\[(\/?)([a-z][\w-]*)/i.exec(html.slice(at, Math.min(close, at + 64) + 1));
    if (m) {
      const attributes = html.slice(at + m[0].length, close);
      // "[caption id=…]" or "[embed]": a name ends where its attributes start.
      if (attributes === "" || /^[\s/]/.test(attributes))
        tags.push({
          start: at,
          end: close + 1,
          name: m[2]!.toLowerCase(),
          closing: m[1] === "/",
          attributes,
        });
    }
    at = next === -1 ? -1 : html.indexOf("[", close);
  }
  return tags;
}

/** The image a [caption] shows, with the link around it: the first <img>, read without backtracking. */
function captionedImage(inner: string): string {
  const start = inner.search(/<img\b/i);
  if (start === -1) return "";
  const end = inner.indexOf(">", start);
  if (end === -1) return "";
  const link = /<a\b[^<>]*>\s*$/i.exec(inner.slice(Math.max(0, inner.lastIndexOf("<a", start)), start));
  const after = /^\s*<\/a>/i.exec(inner.slice(end + 1, end + 64));
  return link && after ? `${link[0]}${inner.slice(start, end + 1)}${after[0]}` : inner.slice(start, end + 1);
}

/** What WordPress's own enclosing and single shortcodes show, or undefined for any other name. */
function shown(tag: Tag, inner: string | null, media: BodyMedia, problems: Set<string>): string | undefined {
  if (tag.name === "caption" && inner !== null) {
    const image = captionedImage(inner);
    const caption = (attributesOf(tag.attributes).get("caption") ?? inner.replace(image, "")).trim();
    return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
  }
  if (tag.name === "embed" && inner !== null) return linkTo(inner);
  if (tag.name === "audio" || tag.name === "video") {
    // [audio mp3="…"], [video mp4="…"]: the file of the first format WordPress's player would take.
    const attributes = attributesOf(tag.attributes);
    const formats = tag.name === "audio" ? AUDIO_FORMATS : VIDEO_FORMATS;
    // "[audio https://…/song.mp3]": an address written without a name is the file too.
    const bare = /(?:^|\s)(https?:\/\/[^\s"'\]]+)/i.exec(tag.attributes)?.[1];
    const src = [attributes.get("src"), ...formats.map((format) => attributes.get(format)), bare].find(
      Boolean,
    );
    if (!src || !/^https?:\/\/|^\//i.test(src)) return "";
    return tag.name === "audio"
      ? audioLink(src)
      : `<figure><video controls src="${escapeAttribute(src)}"></video></figure>`;
  }
  if (tag.name === "gallery") {
    // Its images: those listed (ids, or include), else those uploaded to the post (or to the post
    // its id names), less any excluded, as WordPress shows them.
    const attributes = attributesOf(tag.attributes);
    const listed = attributes.get("ids") ?? attributes.get("include");
    const excluded = new Set((attributes.get("exclude") ?? "").split(",").map((id) => id.trim()));
    const images =
      listed === undefined
        ? (media.galleries.get(attributes.get("id") ?? media.postId) ?? []).filter(
            (image) => !excluded.has(image.id),
          )
        : listed
            .split(",")
            .map((id) => media.attachments.get(id.trim()))
            .filter((found): found is Attachment => Boolean(found));
    if (images.length > GALLERY_MAX)
      problems.add(`a gallery of ${images.length} images: its first ${GALLERY_MAX} came across`);
    return images
      .slice(0, GALLERY_MAX)
      .map(
        (found) =>
          `<figure><img src="${escapeAttribute(found.url)}" alt="${escapeAttribute(found.alt)}"></figure>`,
      )
      .join("\n");
  }
  return undefined;
}

/**
 * The images a gallery shows at most: more than any gallery a reader pages through, and a bound on what
 * one shortcode can make of an export's thousands of attachments (each becomes a file to fetch).
 */
export const GALLERY_MAX = 100;

const ENCLOSING = new Set(["caption", "embed", "audio", "video"]);
const AUDIO_FORMATS = ["mp3", "m4a", "ogg", "wav", "wma", "flac"];
const VIDEO_FORMATS = ["mp4", "m4v", "webm", "ogv", "wmv", "flv"];

/**
 * The shortcodes WordPress itself writes become what they show: [caption] a captioned image, [embed]
 * a link, [gallery] its images. Any other (a plugin's) is taken out, its text kept, and reported.
 * Linear in the body's length: the tags are found once, and an opening [caption] or [embed] pairs
 * with the first closing one after it, found by a pointer that only moves forward.
 */
function shortcodes(html: string, media: BodyMedia, problems: Set<string>): string {
  if (!html.includes("[")) return html;
  const tags = tagsIn(html);
  // "[1]" or "[sic]" in prose is not a shortcode; only names seen with a closing tag or attributes count.
  const closed = new Set(tags.filter((tag) => tag.closing).map((tag) => tag.name));
  const closings = new Map<string, number[]>();
  tags.forEach((tag, i) => {
    if (!tag.closing || !ENCLOSING.has(tag.name)) return;
    const list = closings.get(tag.name);
    if (list) list.push(i);
    else closings.set(tag.name, [i]);
  });
  const nextClosing = new Map<string, number>();
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    let inner: string | null = null;
    let endTag = i;
    if (!tag.closing && ENCLOSING.has(tag.name)) {
      const list = closings.get(tag.name) ?? [];
      let k = nextClosing.get(tag.name) ?? 0;
      while (k < list.length && list[k]! < i) k++;
      nextClosing.set(tag.name, k);
      if (k < list.length) {
        endTag = list[k]!;
        inner = html.slice(tag.end, tags[endTag]!.start);
      }
    }
    const replacement = tag.closing ? undefined : shown(tag, inner, media, problems);
    if (replacement !== undefined) {
      // What a caption holds may hold a plugin's shortcode too: taken out like any other.
      out.push(html.slice(from, tag.start), inner === null ? replacement : removeOthers(replacement));
      from = tags[endTag]!.end;
      i = endTag;
      continue;
    }
    if (!tag.closing && !/[\s=]/.test(tag.attributes) && !closed.has(tag.name)) continue;
    problems.add(`shortcode [${tag.name}] is not supported here: taken out, its text kept`);
    out.push(html.slice(from, tag.start));
    from = tag.end;
  }
  out.push(html.slice(from));
  return out.join("");

  function removeOthers(text: string): string {
    return text.includes("[") ? shortcodes(text, media, problems) : text;
  }
}

function renderBlock(block: ParsedBlock, media: BodyMedia, problems: Set<string>): string {
  const name = block.blockName;
  if (name === null) return paragraphs(shortcodes(block.innerHTML, media, problems));
  if (name === "core/embed" || name.startsWith("core-embed/")) return linkTo(String(block.attrs?.url ?? ""));
  if (name === "core/shortcode") return paragraphs(shortcodes(block.innerHTML, media, problems));
  if (name === "core/more" || name === "core/nextpage" || name === "core/spacer") return "";
  if (!name.startsWith("core/")) problems.add(`block ${name} is not supported here: kept as its HTML`);
  let inner = 0;
  const html = block.innerContent
    .map((part) =>
      part === null
        ? renderBlock(block.innerBlocks[inner++]!, media, problems)
        : shortcodes(part, media, problems),
    )
    .join("")
    .trim();
  // A gallery of WordPress 5.x is a list of figures: here its figures, not a bulleted list of pictures.
  return name === "core/gallery" ? html.replace(/<\/?(?:ul|li)\b[^>]*>/gi, "") : html;
}

/**
 * An embedded frame (a YouTube player, a map) becomes a link to what it showed, named by the frame's
 * title (a video's card, see embedCard): the site's sanitizer and security policy allow no frames
 * from elsewhere. A body of unclosed frames is read once (replaceElements).
 */
export function framesAsLinks(html: string): string {
  return replaceElements(html, "iframe", (openingTag) => {
    const src = attributeOf(openingTag, "src");
    // What a frame holds until its end is only the browser's words for a frame it cannot show.
    return src ? embedCard(src, attributeOf(openingTag, "title") ?? "") : "";
  });
}

/**
 * Block comments that do not close as the block parser expects (`<!-- wp:name {…} -->` within the
 * comment) are shown as text: the parser looks ahead for the end of a broken one through the rest of
 * the body, so a few thousand of them took minutes. One pass: each comment's end is looked for once.
 */
function withSoundBlockComments(content: string): string {
  if (!content.includes("<!--")) return content;
  const out: string[] = [];
  let from = 0;
  for (let at = content.indexOf("<!--"); at !== -1;) {
    const end = content.indexOf("-->", at + 4);
    const body = end === -1 ? content.slice(at + 4) : content.slice(at + 4, end);
    const isBlock = /^\s+\/?wp:/.test(body);
    if (
      isBlock &&
      (end === -1 ||
        !/^\s+\/?wp:[a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?\s+(?:\{[^]*\}\s+)?\/?$/.test(body) ||
        body.includes("<!--"))
    ) {
      out.push(content.slice(from, at), "&lt;!--");
      from = at + 4;
    }
    if (end === -1) {
      // No comment closes after this one: none that follows is a block.
      out.push(content.slice(from).replaceAll("<!--", "&lt;!--"));
      return out.join("");
    }
    at = content.indexOf("<!--", end + 3);
  }
  out.push(content.slice(from));
  return out.join("");
}

/**
 * A WordPress body as HTML for the editor's sanitizer: Gutenberg blocks by their saved HTML (embeds as
 * links, the page-break and spacer blocks dropped), classic-editor text by wpautop's rules, shortcodes
 * as above; a YouTube or Vimeo video a card named by its title (`titles`, what WordPress kept of its
 * oEmbed), sounds and videos as the site keeps them. What could not come across is named in `problems`.
 */
export function wordpressBody(
  content: string,
  attachments: Map<string, Attachment>,
  {
    titles = new Map(),
    postId = "",
    galleries = new Map(),
  }: {
    titles?: Map<string, string>;
    /** The post's id in the export, and every post's images (galleryImages): what [gallery] shows. */
    postId?: string;
    galleries?: Map<string, Attachment[]>;
  } = {},
) {
  const problems = new Set<string>();
  const media: BodyMedia = { attachments, galleries, postId };
  const html = embedsAsCards(
    playersAsSiteMedia(
      framesAsLinks(
        parse(withSoundBlockComments(content))
          .map((block) => renderBlock(block, media, problems))
          .filter(Boolean)
          .join("\n"),
      ),
    ),
    titles,
  );
  return { html, problems: [...problems] };
}
