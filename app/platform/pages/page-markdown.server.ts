import { NodeHtmlMarkdown } from "node-html-markdown";

import { withoutTrailing } from "~/platform/text/trailing";

/**
 * The Markdown copies of the public pages (llmstxt.org's proposal: a page's address plus `.md`, and
 * `Accept: text/markdown` on its own address): what a page's `<main>` says, without the page's
 * controls, with a short header naming the page.
 */

/** The address of a page's Markdown copy: its path plus `.md`; the home page's is `/index.md`. */
export function markdownAddressOf(page: string): string {
  return page === "/" ? "/index.md" : `${withoutTrailing(page, "/")}.md`;
}

/**
 * The page a Markdown address copies (`/blog/a.md` → `/blog/a`, `/index.md` → `/`), or null when the
 * path is not one: no `.md`, nothing before it (`/.md`, `/blog/.md`), or a page's data (`/a.data.md`).
 */
export function pageOfMarkdownAddress(path: string): string | null {
  if (!path.endsWith(".md")) return null;
  if (path === "/index.md") return "/";
  const page = path.slice(0, -".md".length);
  if (page.endsWith("/") || page.endsWith(".data") || page.endsWith(".md") || !page.startsWith("/"))
    return null;
  return page;
}

/** The most of a page's HTML converted: a body beyond it is cut (at a tag) with a note saying so. */
export const MARKDOWN_SOURCE_MAX = 512 * 1024;

const converter = new NodeHtmlMarkdown(
  { maxConsecutiveNewlines: 2, bulletMarker: "-", keepDataImages: false },
  // The page's controls and what a reader cannot read are left out; their words are not the page's.
  Object.fromEntries(
    [
      "script",
      "style",
      "noscript",
      "template",
      "form",
      "button",
      "svg",
      "nav",
      "dialog",
      "iframe",
      "video",
    ].map((tag) => [tag, { ignore: true }]),
  ),
);

const attribute = (html: string, pattern: RegExp) => {
  const value = pattern.exec(html)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

/** What a page's `<main>` holds (the whole body if it has none). */
function mainOf(html: string): string {
  const start = html.search(/<main[\s>]/i);
  const end = html.lastIndexOf("</main>");
  if (start !== -1 && end > start) return html.slice(html.indexOf(">", start) + 1, end);
  const body = html.search(/<body[\s>]/i);
  return body === -1 ? html : html.slice(html.indexOf(">", body) + 1);
}

/**
 * A page's markup as a reader (not a browser) needs it: the site's own links and images as full
 * addresses; decoration hidden from screen readers (a card's "01", an arrow, an avatar's initial) left
 * out; a space between blocks, so a card's heading and text inside one link do not run together.
 */
function readable(html: string, origin: string): string {
  return html
    .replace(/\s(href|src)="\/(?!\/)/g, ` $1="${origin}/`)
    .replace(/<(span|div|p)\b([^>]*)>[^<]*<\/\1>/g, (element, _tag, attributes: string) =>
      attributes.includes(' aria-hidden="true"') ? "" : element,
    )
    .replace(/<\/(h[1-6]|p|div|li|dt|dd)>(?=<)/g, "</$1> ");
}

export type PageText = { title: string; url: string; description: string; text: string };

/** What a rendered page says: its title and description, and its `<main>` as Markdown. */
export function pageText(html: string, url: string): PageText {
  const title = attribute(html, /<title[^>]*>([^<]*)<\/title>/i) ?? "";
  const description = attribute(html, /<meta\s+name="description"\s+content="([^"]*)"/i) ?? "";
  let main = mainOf(html);
  let cut = false;
  if (main.length > MARKDOWN_SOURCE_MAX) {
    main = main.slice(0, main.lastIndexOf("<", MARKDOWN_SOURCE_MAX));
    cut = true;
  }
  const text = converter.translate(readable(main, new URL(url).origin)).trim();
  const note = cut ? `\n\n(This copy stops here: the whole page is at ${url}.)` : "";
  return { title, url, description, text: text + note };
}

/**
 * A page's Markdown copy: a front matter naming its title, address and description (each a JSON
 * string, which YAML reads as it is), then what the page says.
 */
export function markdownCopy({ title, url, description, text }: PageText): string {
  const header = [
    "---",
    `title: ${JSON.stringify(title)}`,
    `url: ${JSON.stringify(url)}`,
    ...(description ? [`description: ${JSON.stringify(description)}`] : []),
    "---",
  ].join("\n");
  return `${header}\n\n${text}\n`;
}

const weightOf = (param: string) => {
  const value = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(param)?.[1];
  return value === undefined ? 0 : Number(value);
};

/**
 * Whether a request's Accept header asks for Markdown before HTML: `text/markdown` named with a
 * weight above zero and at least that of `text/html` (and of `*\/*` when HTML is not named). Only the
 * first 64 media ranges are read: a header of thousands says no more than its start.
 */
export function acceptsMarkdownFirst(accept: string | undefined): boolean {
  if (!accept || !accept.toLowerCase().includes("text/markdown")) return false;
  const weights = new Map<string, number>();
  for (const range of accept.split(",", 64)) {
    const [type = "", ...params] = range.split(";");
    const name = type.trim().toLowerCase();
    // A weight that is not one (`q=abc`, `q=2`) asks for nothing, rather than counting as the most.
    const q = params.find((p) => /^\s*q\s*=/i.test(p));
    const weight = q === undefined ? 1 : weightOf(q);
    if (!weights.has(name)) weights.set(name, weight);
  }
  const markdown = weights.get("text/markdown") ?? 0;
  const html = weights.get("text/html") ?? weights.get("text/*") ?? weights.get("*/*") ?? 0;
  return markdown > 0 && markdown >= html;
}
