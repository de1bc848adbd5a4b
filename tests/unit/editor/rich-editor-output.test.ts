import { describe, expect, it } from "vitest";

import { storedHtml } from "~/features/editor/rich-editor/output";

describe("storedHtml", () => {
  it("writes list items without ProseMirror's paragraph, as the seeded posts do", () => {
    expect(storedHtml("<ul><li><p>One</p></li><li><p><strong>Two</strong> more</p></li></ul>")).toBe(
      "<ul><li>One</li><li><strong>Two</strong> more</li></ul>",
    );
  });

  it("keeps the paragraphs of a list item that has several", () => {
    const html = "<ol><li><p>One</p><p>Still one</p></li></ol>";
    expect(storedHtml(html)).toBe(html);
  });

  it("drops the empty paragraphs kept after a final figure, and an empty post is empty", () => {
    expect(storedHtml('<img src="/uploads/a.png" alt="A"><p></p>')).toBe(
      '<img src="/uploads/a.png" alt="A">',
    );
    expect(storedHtml("<p></p>")).toBe("");
  });
});
