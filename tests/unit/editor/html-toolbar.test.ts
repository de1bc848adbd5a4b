import { describe, expect, it } from "vitest";

import { insertImage, insertLink, insertText, makeList, wrapTag } from "~/features/editor/html-toolbar";

const sel = (value: string, start: number, end = start) => ({ value, start, end });

describe("the editor toolbar", () => {
  it("wraps the selection and keeps it selected", () => {
    expect(wrapTag(sel("make this bold", 5, 9), "strong")).toEqual({
      value: "make <strong>this</strong> bold",
      selectionStart: 13,
      selectionEnd: 17,
    });
  });
  it("inserts an empty pair at the cursor with the cursor inside", () => {
    expect(wrapTag(sel("ab", 1), "h2")).toEqual({ value: "a<h2></h2>b", selectionStart: 5, selectionEnd: 5 });
  });
  it("turns selected lines into list items", () => {
    expect(makeList(sel("one\ntwo\n", 0, 8), false).value).toBe(
      "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>",
    );
    expect(makeList(sel("", 0), true).value).toBe("<ol>\n  <li></li>\n</ol>");
  });
  it("inserts a line break at the cursor", () => {
    expect(insertText(sel("ab", 1), "<br>").value).toBe("a<br>b");
  });
  it("inserts links and images only when both parts are given, escaped", () => {
    expect(insertLink(sel("", 0), "https://example.ie/?a=1&b=2", "Example")?.value).toBe(
      '<a href="https://example.ie/?a=1&amp;b=2">Example</a>',
    );
    expect(insertLink(sel("", 0), null, "x")).toBeNull();
    expect(insertLink(sel("", 0), "https://x", " ")).toBeNull();
    expect(insertImage(sel("", 0), "/uploads/a.webp", 'A "chart"')?.value).toBe(
      '<img src="/uploads/a.webp" alt="A &quot;chart&quot;">',
    );
    expect(insertImage(sel("", 0), "", "alt")).toBeNull();
  });
});
