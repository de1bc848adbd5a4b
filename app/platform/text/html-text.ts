import { convert, type SelectorDefinition } from "html-to-text";

import { MAX_HTML_DEPTH, withinDepth } from "./html-limits";

/** What a reader sees, and only that: no link targets, images, list markers, capitals or wrapping. */
const selectors: SelectorDefinition[] = [
  { selector: "a", options: { ignoreHref: true } },
  { selector: "img", format: "skip" },
  // A marker of one space: the library takes an empty one as "use the default".
  { selector: "ul", options: { itemPrefix: " " } },
  { selector: "ol", format: "unorderedList", options: { itemPrefix: " " } },
  { selector: "blockquote", format: "block" },
  // A term and its meaning are two things read apart ("SEO", "Search engine optimisation").
  { selector: "dt", format: "block" },
  { selector: "dd", format: "block" },
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  // A table's rows, each on a line, its cells apart. Not the library's table layout: it builds a grid
  // of every spanned cell, and a few cells spanning 999 columns held the site's thread for seconds.
  { selector: "table", format: "block" },
  { selector: "tr", format: "block" },
  ...["td", "th"].map((selector) => ({ selector, format: "inlineSurround", options: { suffix: " " } })),
];

/**
 * The visible text of a piece of HTML (html-to-text: a real parser, so entities, comments, scripts
 * and broken markup come out as a browser would show them, in time linear in the input).
 * `lines`: each paragraph, heading, list item, quote or figure on a line of its own (else one line).
 */
export function htmlToText(html: string, { lines = false } = {}): string {
  // The library walks the tree recursively: a list nested some thousands deep would overflow the stack.
  const text = convert(withinDepth(html), {
    wordwrap: false,
    selectors,
    preserveNewlines: false,
    limits: { maxDepth: MAX_HTML_DEPTH, ellipsis: "" },
  });
  const line = (part: string) => part.replace(/\s+/g, " ").trim();
  return lines ? text.split("\n").map(line).filter(Boolean).join("\n") : line(text);
}
