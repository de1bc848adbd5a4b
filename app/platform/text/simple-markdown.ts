/**
 * The case studies' older write-ups use a tiny markdown-like format: "## " and "### " start headings, a blank
 * line starts a new paragraph, and single newlines inside a paragraph are line breaks. The result is
 * plain data that React renders as text, so no HTML in the source can ever reach the page.
 */
export type Block = { type: "heading"; level: 2 | 3; text: string } | { type: "paragraph"; lines: string[] };

export function parseSimpleMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push({ type: "paragraph", lines });
    lines = [];
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      // "#" would compete with the page title, so it becomes a section heading too.
      blocks.push({ type: "heading", level: heading[1]!.length === 3 ? 3 : 2, text: heading[2]!.trim() });
    } else if (line === "") {
      flush();
    } else {
      lines.push(line);
    }
  }
  flush();
  return blocks;
}
