// @vitest-environment happy-dom
// An imported post's tables and definition lists survive the editor: opened and saved, they are
// stored as they came, not flattened into paragraphs; what the sanitizer would not keep never reaches
// the editor's page.
import { Editor } from "@tiptap/core";
import { describe, expect, it } from "vitest";

import { editorExtensions } from "~/features/editor/rich-editor/extensions";
import { storedHtml } from "~/features/editor/rich-editor/output";

const roundTrip = (html: string) => {
  const editor = new Editor({ extensions: editorExtensions({ onLinkShortcut: () => {} }), content: html });
  try {
    return storedHtml(editor.getHTML());
  } finally {
    editor.destroy();
  }
};

describe("the editor keeps", () => {
  it("a table with its header, spans and links", () => {
    const table =
      '<table><thead><tr><th scope="col">Plan</th><th>Price</th></tr></thead><tbody><tr><td colspan="2"><a href="/contact">€450</a></td></tr></tbody></table>';
    expect(roundTrip(`<p>Before</p>${table}<p>After</p>`)).toBe(`<p>Before</p>${table}<p>After</p>`);
  });

  it("a definition list", () => {
    const list = "<dl><dt>SEO</dt><dd>Being found.</dd></dl>";
    expect(roundTrip(list)).toBe(list);
  });

  it("nothing of a pasted table's scripts, handlers or styles", () => {
    const out = roundTrip(
      '<table onclick="alert(1)" style="x"><tbody><tr><td><img src=x onerror="alert(1)">cell<a href="javascript:alert(1)">x</a></td></tr></tbody></table>',
    );
    expect(out).toBe("<table><tbody><tr><td>cell<a>x</a></td></tr></tbody></table>");
  });
});
