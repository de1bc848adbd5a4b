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
