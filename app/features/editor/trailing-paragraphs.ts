/**
 * The empty paragraphs the rich editor ends with. The form posts the body without them (a save drops
 * every empty paragraph), so the autosave keeps their number beside the body, and a restore puts them
 * back: the editor then holds the very document the writer left, whether they typed those paragraphs
 * or ProseMirror made one (after a final image, or after an undo).
 */

/** The body field's attribute the rich editor keeps the number in. */
export const TRAILING_PARAGRAPHS_ATTRIBUTE = "data-trailing-paragraphs";

/** More than this many is not a writer's spacing: a restore puts back at most this many. */
const MOST = 100;

/** The autosave's name for the number kept beside a body field. */
export const trailingParagraphsName = (field: string) => `${field}:trailingParagraphs`;

const EMPTY = "<p></p>";
const SUFFIX = trailingParagraphsName("");

/** How many empty paragraphs end the editor's HTML. */
export function trailingParagraphsOf(editorHtml: string): number {
  const tail = /(?:<p><\/p>)+$/.exec(editorHtml)?.[0] ?? "";
  return tail.length / EMPTY.length;
}

/**
 * The autosaved fields with each body's empty paragraphs put back at its end (the numbers themselves
 * left out); a number that is not a small whole number is ignored.
 */
export function withTrailingParagraphs(values: Record<string, string>): Record<string, string> {
  const fields = new Map(Object.entries(values).filter(([name]) => !name.endsWith(SUFFIX)));
  for (const [name, count] of Object.entries(values)) {
    const field = name.slice(0, -SUFFIX.length);
    const body = fields.get(field);
    if (!name.endsWith(SUFFIX) || body === undefined || !/^\d{1,3}$/.test(count)) continue;
    fields.set(field, body + EMPTY.repeat(Math.min(Number(count), MOST)));
  }
  return Object.fromEntries(fields);
}
