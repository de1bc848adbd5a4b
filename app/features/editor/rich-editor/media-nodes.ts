import { Node } from "@tiptap/core";
import type { DOMOutputSpec } from "@tiptap/pm/model";

/**
 * An image as the site stores it: `<img src alt>`, or with a caption
 * `<figure><img src alt><figcaption>…</figcaption></figure>`. The caption is plain text, edited in the
 * image dialog, so the figure stays one block the writer moves or deletes whole.
 */
export const FigureImage = Node.create({
  name: "figureImage",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: "" },
      alt: { default: "" },
      caption: { default: "" },
    };
  },
  parseHTML() {
    return [
      {
        tag: "figure",
        getAttrs: (figure) => {
          const img = figure.querySelector("img");
          if (!img || figure.querySelector("video")) return false;
          return {
            src: img.getAttribute("src") ?? "",
            alt: img.getAttribute("alt") ?? "",
            caption: figure.querySelector("figcaption")?.textContent?.trim() ?? "",
          };
        },
      },
      {
        tag: "img[src]",
        getAttrs: (img) => ({
          src: img.getAttribute("src"),
          alt: img.getAttribute("alt") ?? "",
          caption: "",
        }),
      },
    ];
  },
  renderHTML({ node }) {
    const img = ["img", { src: node.attrs.src, alt: node.attrs.alt }] as const;
    return node.attrs.caption ? ["figure", img, ["figcaption", node.attrs.caption]] : [...img];
  },
});

/**
 * A video uploaded to the site, with an optional WebVTT captions track and caption:
 * `<figure><video controls src preload="metadata"><track kind="captions" …></video><figcaption>`.
 */
export const FigureVideo = Node.create({
  name: "figureVideo",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: "" },
      captions: { default: "" },
      caption: { default: "" },
    };
  },
  parseHTML() {
    const attrs = (root: HTMLElement) => {
      const video = root.tagName === "VIDEO" ? root : root.querySelector("video");
      if (!video) return false;
      return {
        src: video.getAttribute("src") ?? video.querySelector("source")?.getAttribute("src") ?? "",
        captions: video.querySelector("track")?.getAttribute("src") ?? "",
        caption: root.querySelector("figcaption")?.textContent?.trim() ?? "",
      };
    };
    // Before the image's figure rule, which does not take a figure with a video.
    return [
      { tag: "figure", priority: 60, getAttrs: attrs },
      { tag: "video", getAttrs: attrs },
    ];
  },
  renderHTML({ node }) {
    const attrs = { controls: "", src: node.attrs.src as string, preload: "metadata" };
    const track = { kind: "captions", src: node.attrs.captions as string, srclang: "en", label: "English" };
    const video: DOMOutputSpec = node.attrs.captions ? ["video", attrs, ["track", track]] : ["video", attrs];
    return node.attrs.caption ? ["figure", video, ["figcaption", node.attrs.caption]] : video;
  },
});

/** What a kept table or definition list may hold, and the attributes its cells keep (the sanitizer's). */
const KEPT_TAGS = new Set(
  ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "dl", "dt", "dd"].concat([
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "a",
    "ul",
    "ol",
    "li",
  ]),
);
const KEPT_ATTRIBUTES = new Set(["colspan", "rowspan", "scope", "href"]);

/** A kept block's HTML with only what the sanitizer allows in it, as an element of `doc`. */
function keptElement(html: string, doc: Document): Element | null {
  const template = doc.createElement("template");
  template.innerHTML = html;
  const root = template.content.firstElementChild;
  if (!root || !KEPT_TAGS.has(root.tagName.toLowerCase())) return null;
  for (const element of [root, ...root.querySelectorAll("*")]) {
    if (!KEPT_TAGS.has(element.tagName.toLowerCase())) {
      element.replaceWith(doc.createTextNode(element.textContent ?? ""));
      continue;
    }
    for (const { name, value } of [...element.attributes])
      if (!KEPT_ATTRIBUTES.has(name) || /^\s*javascript:/i.test(value)) element.removeAttribute(name);
  }
  return root;
}

/**
 * A table or definition list (an imported post's) kept whole: the editor has no tools for them, so it
 * moves or deletes one as a block and stores it as it came, never flattened into paragraphs.
 */
export const KeptBlock = Node.create({
  name: "keptBlock",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      html: { default: "", parseHTML: (element) => element.outerHTML, renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: "table" }, { tag: "dl" }];
  },
  renderHTML({ node }) {
    const element = keptElement(String(node.attrs.html), document);
    return element ? { dom: element } : ["p"];
  },
});
