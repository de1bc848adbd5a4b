import { type Block, parseSimpleMarkdown } from "~/platform/text/simple-markdown";

export type CaseStudyStory = { challenge: string; body: string; outcome: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const plainText = (blocks: Block[]) =>
  blocks
    .filter((block) => block.type === "paragraph")
    .map((block) => block.lines.join("\n"))
    .join("\n\n");

const html = (blocks: Block[]) =>
  blocks
    .map((block) =>
      block.type === "heading"
        ? `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`
        : // Each line of the old write-ups was its own thought: a paragraph each reads better than line breaks.
          block.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    )
    .join("");

/**
 * A write-up in the simple markdown the portfolio used before case studies were edited in the admin
 * ("## The challenge", "## What we did", "## The result") as the study's fields: the challenge and
 * the outcome as plain text, the rest as HTML for the editor. The page gives each part its own
 * heading, so the write-up's own headings for them are dropped; a write-up without them is all body.
 */
export function splitLegacyWriteUp(markdown: string): CaseStudyStory {
  const parts: Record<keyof CaseStudyStory, Block[]> = { challenge: [], body: [], outcome: [] };
  let into: keyof CaseStudyStory = "body";
  for (const block of parseSimpleMarkdown(markdown)) {
    if (block.type === "heading" && block.level === 2) {
      if (/challenge|problem|brief/i.test(block.text)) into = "challenge";
      else if (/result|outcome/i.test(block.text)) into = "outcome";
      else {
        into = "body";
        if (!/what we did|approach/i.test(block.text)) parts.body.push(block);
      }
      continue;
    }
    parts[into].push(block);
  }
  return { challenge: plainText(parts.challenge), body: html(parts.body), outcome: plainText(parts.outcome) };
}
