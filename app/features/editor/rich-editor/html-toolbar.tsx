import type { RefObject } from "react";

import {
  insertImage,
  insertLink,
  insertText,
  makeList,
  type TextEdit,
  wrapTag,
} from "~/features/editor/html-toolbar";

type Sel = { value: string; start: number; end: number };

const buttons: { label: string; title: string; apply: (sel: Sel) => TextEdit | null }[] = [
  { label: "B", title: "Bold", apply: (s) => wrapTag(s, "strong") },
  { label: "I", title: "Italic", apply: (s) => wrapTag(s, "em") },
  { label: "H2", title: "Heading 2", apply: (s) => wrapTag(s, "h2") },
  { label: "H3", title: "Heading 3", apply: (s) => wrapTag(s, "h3") },
  { label: "¶", title: "Paragraph", apply: (s) => wrapTag(s, "p") },
  { label: "• List", title: "Bullet list", apply: (s) => makeList(s, false) },
  { label: "1. List", title: "Numbered list", apply: (s) => makeList(s, true) },
  {
    label: "Link",
    title: "Link",
    apply: (s) => {
      const url = window.prompt("Link address (URL):", "https://");
      if (!url || url === "https://") return null;
      return insertLink(s, url, window.prompt("Link text:", s.value.slice(s.start, s.end)));
    },
  },
  {
    label: "Image",
    title: "Image",
    apply: (s) => {
      const url = window.prompt("Image address (URL):", "");
      if (!url) return null;
      return insertImage(s, url, window.prompt("Image description (alt text):", ""));
    },
  },
  { label: "❝", title: "Quote", apply: (s) => wrapTag(s, "blockquote") },
  { label: "↵", title: "Line break", apply: (s) => insertText(s, "<br>") },
];

/** The name starts with what the button shows (WCAG 2.5.3), e.g. "H2, Heading 2"; symbols just say what they do. */
function accessibleName({ label, title }: { label: string; title: string }): string {
  const visible = /^[\p{L}\p{N}]/u.test(label) && !title.toLowerCase().startsWith(label.toLowerCase());
  return visible ? `${label}, ${title}` : title;
}

/** Formatting buttons for the Content (HTML) textarea; they need JavaScript, so they hide without it. */
export function HtmlToolbar({ target }: { target: RefObject<HTMLTextAreaElement | null> }) {
  const run = (apply: (sel: Sel) => TextEdit | null) => {
    const area = target.current;
    if (!area) return;
    const edit = apply({ value: area.value, start: area.selectionStart, end: area.selectionEnd });
    area.focus();
    if (!edit) return;
    // The textarea is uncontrolled: the edit goes to the DOM, and the input event tells the form.
    // eslint-disable-next-line react-hooks/immutability -- a DOM node behind a ref, not React state
    area.value = edit.value;
    area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="js-only flex flex-wrap gap-1 rounded-t-xl border border-b-0 border-border bg-bg p-2"
    >
      {buttons.map((b) => (
        <button
          key={b.title}
          type="button"
          title={b.title}
          aria-label={accessibleName(b)}
          onClick={() => run(b.apply)}
          className="min-w-9 rounded-md px-2 py-1 text-sm font-semibold text-muted hover:bg-card hover:text-fg"
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}
