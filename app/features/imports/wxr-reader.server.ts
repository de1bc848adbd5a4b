import { createReadStream } from "node:fs";

import { SaxesParser } from "saxes";

import { withoutTrailing } from "~/platform/text/trailing";

/** An export this reader refuses: the message says why, for the owner. */
export class ExportRefused extends Error {}

/** The site an export comes from, as its channel describes it. */
export type WxrSite = {
  title: string;
  /** The old site's address without a trailing slash, e.g. "https://old.example". */
  url: string;
  authors: { login: string; name: string }[];
};

/** One `<item>` of a WordPress export: a post, a page, an attachment, a menu item… */
export type WxrItem = {
  id: string;
  type: string;
  title: string;
  link: string;
  slug: string;
  status: string;
  /** The post's date as WordPress keeps it in UTC ("2024-05-06 09:00:00"; zeros for a draft). */
  dateGmt: string;
  /** The same in the site's own time zone. */
  date: string;
  creator: string;
  content: string;
  excerpt: string;
  password: string;
  attachmentUrl: string;
  /** The post an attachment was uploaded to ("0": none): a [gallery] without ids shows that post's images. */
  parent: string;
  /** Its place among that post's attachments. */
  order: string;
  terms: { domain: string; slug: string; name: string }[];
  meta: Record<string, string>;
};

const emptyItem = (): WxrItem => ({
  id: "",
  type: "",
  title: "",
  link: "",
  slug: "",
  status: "",
  dateGmt: "",
  date: "",
  creator: "",
  content: "",
  excerpt: "",
  password: "",
  attachmentUrl: "",
  parent: "",
  order: "",
  terms: [],
  meta: {},
});

// The item's fields by element name (any namespace prefix an exporter chose is dropped). A Map: an
// element may be named "constructor" or "__proto__".
const ITEM_FIELDS = new Map<string, keyof WxrItem>([
  ["title", "title"],
  ["link", "link"],
  ["wp:post_id", "id"],
  ["wp:post_type", "type"],
  ["wp:post_name", "slug"],
  ["wp:status", "status"],
  ["wp:post_date_gmt", "dateGmt"],
  ["wp:post_date", "date"],
  ["dc:creator", "creator"],
  ["content:encoded", "content"],
  ["excerpt:encoded", "excerpt"],
  ["wp:post_password", "password"],
  ["wp:attachment_url", "attachmentUrl"],
  ["wp:post_parent", "parent"],
  ["wp:menu_order", "order"],
]);

/** The post meta an import reads; the rest (page builders keep megabytes there) is never kept. */
const META_KEYS = new Set([
  "_thumbnail_id",
  "_wp_attachment_image_alt",
  "_yoast_wpseo_title",
  "_yoast_wpseo_metadesc",
  "rank_math_title",
  "rank_math_description",
]);

/** WordPress's cache of a post's embeds ("_oembed_<hash>": the frame it showed, with the video's title). */
const isOembed = (key: string) => /^_oembed_[0-9a-f]{32}$/.test(key);

/**
 * What any real export stays well under, so a hostile one is refused long before memory runs out: a
 * WordPress export nests about five elements deep, a post's body is a few hundred KB, a big site has
 * tens of thousands of items.
 */
/** The longest a field other than a body is read: a title, an excerpt, a name, a search description. */
const FIELD_CHARS = 5_000;

export const WXR_LIMITS = {
  depth: 32,
  /** Characters in one element's text (a post's whole body). */
  text: 8 * 1024 * 1024,
  items: 200_000,
  termsPerItem: 1_000,
  authors: 10_000,
};

/**
 * Reads a WordPress export (WXR 1.1 or 1.2) as a stream: the site first, then every item, one at a
 * time, so a 300 MB file never sits in memory. A DOCTYPE is refused before anything is read (no
 * entity of the file's own is ever expanded: no XXE, no billion laughs), as is malformed XML.
 */
export async function readWxr(
  file: string,
  onItem: (item: WxrItem, site: WxrSite) => void | Promise<void>,
): Promise<WxrSite> {
  const parser = new SaxesParser({ xmlns: false });
  const site: WxrSite = { title: "", url: "", authors: [] };
  const stack: string[] = [];
  let text = "";
  let item: WxrItem | null = null;
  let term: WxrItem["terms"][number] | null = null;
  let metaKey = "";
  let author: { login: string; name: string } | null = null;
  let sawChannel = false;
  const ready: WxrItem[] = [];
  let items = 0;
  // Characters given to the parser since it last reported something: the text it is still holding.
  let pending = 0;
  const refuse = (message: string) => {
    throw new ExportRefused(`${message}: it was not read.`);
  };

  parser.on("doctype", () => {
    throw new ExportRefused("The file declares a DOCTYPE, which an export never does: it was not read.");
  });
  parser.on("opentag", (tag) => {
    pending = 0;
    stack.push(tag.name);
    if (stack.length > WXR_LIMITS.depth)
      refuse(`The file nests elements over ${WXR_LIMITS.depth} deep, which no WordPress export does`);
    text = "";
    if (tag.name === "channel") sawChannel = true;
    else if (tag.name === "item") {
      if (++items > WXR_LIMITS.items)
        refuse(
          `The export holds over ${WXR_LIMITS.items.toLocaleString("en-IE")} items, more than this site imports`,
        );
      item = emptyItem();
    } else if (tag.name === "category" && item)
      term = {
        domain: String(tag.attributes.domain ?? ""),
        slug: String(tag.attributes.nicename ?? ""),
        name: "",
      };
    else if (tag.name === "wp:author" && !item) author = { login: "", name: "" };
  });
  const addText = (chunk: string) => {
    pending = 0;
    if (text.length + chunk.length > WXR_LIMITS.text) refuse(tooLong);
    text += chunk;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    pending = 0;
    stack.pop();
    // Every field but a post's body is a line or a paragraph: kept short here, so a title of
    // megabytes never reaches a report line, a slug or a log.
    const value = text.length > FIELD_CHARS ? text.trim().slice(0, FIELD_CHARS) : text.trim();
    const parent = stack.at(-1);
    if (item) {
      const field = ITEM_FIELDS.get(tag.name);
      if (tag.name === "item") {
        ready.push(item);
        item = null;
      } else if (tag.name === "category" && term) {
        term.name = value;
        if (item.terms.length >= WXR_LIMITS.termsPerItem)
          refuse(`An item has over ${WXR_LIMITS.termsPerItem.toLocaleString("en-IE")} categories and tags`);
        item.terms.push(term);
        term = null;
      } else if (tag.name === "wp:meta_key") metaKey = value;
      else if (tag.name === "wp:meta_value" && (META_KEYS.has(metaKey) || isOembed(metaKey)))
        item.meta[metaKey] = value;
      else if (field && parent === "item")
        (item[field] as string) = tag.name === "content:encoded" ? text : value;
    } else if (author) {
      if (tag.name === "wp:author_login") author.login = value;
      else if (tag.name === "wp:author_display_name") author.name = value;
      else if (tag.name === "wp:author") {
        if (site.authors.length >= WXR_LIMITS.authors)
          refuse(`The export names over ${WXR_LIMITS.authors.toLocaleString("en-IE")} authors`);
        site.authors.push(author);
        author = null;
      }
    } else if (parent === "channel") {
      if (tag.name === "title") site.title = value;
      else if (tag.name === "wp:base_blog_url" || (tag.name === "link" && !site.url))
        site.url = withoutTrailing(value, "/");
    }
    text = "";
  });

  const slice = timeSlice();
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 64 * 1024 })) {
    pending += (chunk as string).length;
    try {
      parser.write(chunk as string);
      if (pending > WXR_LIMITS.text) refuse(tooLong);
    } catch (error) {
      throw refusal(error);
    }
    while (ready.length) {
      await onItem(ready.shift()!, site);
      await slice();
    }
    await slice();
  }
  try {
    parser.close();
  } catch (error) {
    throw refusal(error);
  }
  while (ready.length) await onItem(ready.shift()!, site);
  if (!sawChannel || !site.url)
    throw new ExportRefused(
      "This is not a WordPress export: it has no site address (no <channel> with a <link>).",
    );
  return site;
}

const tooLong = `The file has an element of over ${WXR_LIMITS.text / 1024 / 1024} MB of text, more than any post holds`;

/**
 * Long work in slices: awaited between steps, it gives the event loop a turn once every 20 ms, so
 * the site answers its visitors while an export is read.
 */
export function timeSlice(ms = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

function refusal(error: unknown): Error {
  if (error instanceof ExportRefused) return error;
  const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return new ExportRefused(`The file is not well-formed XML, so nothing was imported (${reason}).`);
}
