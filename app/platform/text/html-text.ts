/**
 * The visible text of a piece of HTML: tags dropped, entities for spaces and the common marks decoded.
 * `lines`: each paragraph, heading, list item, quote or figure on a line of its own (else one line).
 */
export function htmlToText(html: string, { lines = false } = {}): string {
  const text = (lines ? html.replace(/<\/(p|h[1-6]|li|blockquote|figure)>/gi, "\n") : html)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
  const line = (part: string) => part.replace(/\s+/g, " ").trim();
  return lines ? text.split("\n").map(line).filter(Boolean).join("\n") : line(text);
}
