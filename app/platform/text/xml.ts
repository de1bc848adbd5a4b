/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

/** Characters XML 1.0 does not allow at all (a feed holding one is not a feed). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Plain text (a title, an excerpt) for a feed element that readers render as HTML (RSS titles and
 * descriptions, in CDATA): escaped, so "<script>" is words on the screen and never a tag. With ">"
 * escaped it cannot close the CDATA section either.
 */
export function feedText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]!);
}

/** HTML for a feed's CDATA section: "]]>" (legal in HTML text or an attribute) would end it early. */
export function feedHtml(html: string): string {
  return html.replace(NOT_XML, "").replaceAll("]]>", "]]&gt;");
}
