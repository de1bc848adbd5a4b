import { describe, expect, test } from "vitest";

import { trailingParagraphsOf, withTrailingParagraphs } from "~/features/editor/trailing-paragraphs";

describe("the rich editor's empty paragraphs at the end", () => {
  test("are counted from the editor's HTML", () => {
    expect(trailingParagraphsOf("<p>Words</p>")).toBe(0);
    expect(trailingParagraphsOf("<p>Words</p><p></p><p></p>")).toBe(2);
    expect(trailingParagraphsOf("<p></p><p>Words</p><p></p>")).toBe(1);
  });

  test("are put back at the end of their body on a restore, and the number is not a field", () => {
    expect(
      withTrailingParagraphs({ title: "T", content: "<p>Words</p>", "content:trailingParagraphs": "2" }),
    ).toEqual({ title: "T", content: "<p>Words</p><p></p><p></p>" });
  });

  test("a number that is not a small whole number, or names no field, changes nothing", () => {
    for (const count of ["", "-1", "1.5", "1e3", "2 ", "9999", "0x2", "Infinity"])
      expect(withTrailingParagraphs({ content: "<p>A</p>", "content:trailingParagraphs": count })).toEqual({
        content: "<p>A</p>",
      });
    expect(withTrailingParagraphs({ "body:trailingParagraphs": "3" })).toEqual({});
    expect(withTrailingParagraphs({ content: "<p>A</p>", "content:trailingParagraphs": "999" }).content).toBe(
      "<p>A</p>" + "<p></p>".repeat(100),
    );
  });

  test("prototype-named fields stay plain fields", () => {
    const restored = withTrailingParagraphs(
      JSON.parse(
        '{"__proto__":"<p>A</p>","__proto__:trailingParagraphs":"1","constructor:trailingParagraphs":"1"}',
      ),
    );
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(Object.hasOwn(restored, "__proto__")).toBe(true);
    expect(Object.keys(restored)).toEqual(["__proto__"]);
  });
});
