/** The editor toolbar's edits on a textarea's text: pure functions, so they are easy to test. */
export type TextEdit = { value: string; selectionStart: number; selectionEnd: number };

type Selection = { value: string; start: number; end: number };

function replaceSelection(
  { value, start, end }: Selection,
  text: string,
  selectInner?: [number, number],
): TextEdit {
  const next = value.slice(0, start) + text + value.slice(end);
  const [from, to] = selectInner ?? [text.length, text.length];
  return { value: next, selectionStart: start + from, selectionEnd: start + to };
}

/** Wraps the selection in a tag (or inserts an empty pair with the cursor inside). */
export function wrapTag(sel: Selection, tag: string): TextEdit {
  const inner = sel.value.slice(sel.start, sel.end);
  const open = `<${tag}>`;
  return replaceSelection(sel, `${open}${inner}</${tag}>`, [open.length, open.length + inner.length]);
}

/** Each selected line becomes a list item of a <ul> or <ol>. */
export function makeList(sel: Selection, ordered: boolean): TextEdit {
  const tag = ordered ? "ol" : "ul";
  const lines = sel.value
    .slice(sel.start, sel.end)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const items = (lines.length ? lines : [""]).map((line) => `  <li>${line}</li>`).join("\n");
  return replaceSelection(sel, `<${tag}>\n${items}\n</${tag}>`);
}

export function insertText(sel: Selection, text: string): TextEdit {
  return replaceSelection(sel, text);
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A link: nothing is inserted unless both the address and the text are given. */
export function insertLink(sel: Selection, url: string | null, text: string | null): TextEdit | null {
  if (!url?.trim() || !text?.trim()) return null;
  return replaceSelection(sel, `<a href="${escapeAttribute(url.trim())}">${escapeText(text.trim())}</a>`);
}

/** An image: nothing is inserted unless both the address and the description are given. */
export function insertImage(sel: Selection, url: string | null, alt: string | null): TextEdit | null {
  if (!url?.trim() || !alt?.trim()) return null;
  return replaceSelection(
    sel,
    `<img src="${escapeAttribute(url.trim())}" alt="${escapeAttribute(alt.trim())}">`,
  );
}
