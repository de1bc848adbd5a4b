import { isSiteFile } from "~/platform/text/schemas";

/**
 * Clipboard HTML from Google Docs and Word, reduced to the structure a post keeps: headings, paragraphs,
 * lists, links, bold, italic, line breaks and images. Styles, classes, spans, Office tags, comments and
 * empty paragraphs go. Runs in the browser (DOMParser) before the editor parses a paste.
 */

// Office's <o:p> (an empty paragraph mark) and <xml> come with the tag name in any case.
const DROP = new Set([
  "STYLE",
  "META",
  "LINK",
  "TITLE",
  "SCRIPT",
  "XML",
  "O:P",
  "COLGROUP",
  "COL",
  "TEMPLATE",
]);
const KEEP_ATTRIBUTES: Record<string, string[]> = { A: ["href"], IMG: ["src", "alt"], OL: ["start"] };
const RENAME: Record<string, string> = { H1: "h2", H4: "h3", H5: "h3", H6: "h3", B: "strong", I: "em" };
const INLINE_WRAPPERS = new Set(["SPAN", "FONT", "U", "INS", "DEL", "SMALL", "BIG", "SUP", "SUB", "MARK"]);

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const body = doc.body;
  removeComments(body);
  allElements(body)
    .filter((el) => DROP.has(el.tagName.toUpperCase()))
    .forEach((el) => el.remove());
  // Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">.
  body.querySelectorAll('b[id^="docs-internal-guid"]').forEach(unwrap);
  wordListsToLists(doc);
  // Docs marks bold and italic with styles on spans, not with tags.
  body.querySelectorAll<HTMLElement>("span[style]").forEach((span) => {
    const style = span.getAttribute("style") ?? "";
    let inner: HTMLElement = span;
    if (/font-style:\s*italic/i.test(style)) inner = wrapChildren(doc, inner, "em");
    if (/font-weight:\s*(bold|[6-9]00)/i.test(style)) wrapChildren(doc, inner, "strong");
  });
  // Word and Docs set "normal" weight on <b> wrappers they do not mean as bold.
  body.querySelectorAll<HTMLElement>("b[style]").forEach((b) => {
    if (/font-weight:\s*(normal|400)/i.test(b.getAttribute("style") ?? "")) unwrap(b);
  });
  for (const el of allElements(body).reverse()) cleanElement(doc, el);
  removeEmptyBlocks(body);
  return body.innerHTML.replace(/\u00a0/g, " ").trim();
}

function cleanElement(doc: Document, el: HTMLElement) {
  if (INLINE_WRAPPERS.has(el.tagName)) return unwrap(el);
  // Docs and Word images live on their servers (or in the clipboard as data:), which the site's
  // security policy blocks and the post form refuses: they are uploaded through the image dialog.
  if (el.tagName === "IMG" && !isSiteFile(el.getAttribute("src") ?? "")) return el.remove();
  const to = RENAME[el.tagName];
  const renamed = to ? rename(doc, el, to) : el;
  const keep = KEEP_ATTRIBUTES[renamed.tagName] ?? [];
  for (const { name } of Array.from(renamed.attributes))
    if (!keep.includes(name)) renamed.removeAttribute(name);
  // Docs puts each list item's text in a paragraph; a single one reads the same without it.
  if (renamed.tagName === "LI" && renamed.children.length === 1 && renamed.firstElementChild?.tagName === "P")
    unwrap(renamed.firstElementChild);
}

function removeEmptyBlocks(body: HTMLElement) {
  body.querySelectorAll("p, h2, h3, li, blockquote, strong, em, a:not([href])").forEach((el) => {
    if (!el.querySelector("img, video") && !(el.textContent ?? "").replace(/[\s\u00a0]/g, "")) el.remove();
  });
  // A lone <br> between blocks is Docs' way of spacing paragraphs, not a line break.
  Array.from(body.children)
    .filter((el) => el.tagName === "BR")
    .forEach((br) => br.remove());
}

/**
 * Word writes list items as paragraphs (class MsoListParagraph…, style mso-list) whose marker ("·",
 * "1.") is a span marked mso-list:Ignore; consecutive ones become one <ul> or <ol>.
 */
function wordListsToLists(doc: Document) {
  const items = Array.from(doc.body.querySelectorAll<HTMLElement>("p")).filter(
    (p) => /mso-list:\s*l\d/i.test(p.getAttribute("style") ?? "") || /MsoListParagraph/i.test(p.className),
  );
  let list: HTMLElement | null = null;
  for (const p of items) {
    const marker = p.querySelector<HTMLElement>(
      '[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]',
    );
    const ordered = /^\s*(\d+|[a-z]|[ivx]+)[.)]/i.test(marker?.textContent ?? "");
    marker?.remove();
    const tag = ordered ? "OL" : "UL";
    if (!list || list.tagName !== tag || list.nextElementSibling !== p) {
      list = doc.createElement(tag);
      p.before(list);
    }
    const li = doc.createElement("li");
    li.append(...Array.from(p.childNodes));
    list.append(li);
    p.remove();
  }
}

function allElements(root: HTMLElement): HTMLElement[] {
  return Array.from(root.getElementsByTagName("*")) as HTMLElement[];
}

function removeComments(root: Node) {
  const walker = root.ownerDocument!.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
}

function unwrap(el: Element) {
  el.replaceWith(...Array.from(el.childNodes));
}

function rename(doc: Document, el: HTMLElement, tag: string): HTMLElement {
  const next = doc.createElement(tag);
  for (const { name, value } of Array.from(el.attributes)) next.setAttribute(name, value);
  next.append(...Array.from(el.childNodes));
  el.replaceWith(next);
  return next;
}

function wrapChildren(doc: Document, el: HTMLElement, tag: string): HTMLElement {
  const wrapper = doc.createElement(tag);
  wrapper.append(...Array.from(el.childNodes));
  el.append(wrapper);
  return wrapper;
}
