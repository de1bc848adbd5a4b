import { describe, expect, it } from "vitest";

import { htmlToText } from "~/platform/text/html-text";

describe("the visible text of HTML", () => {
  it("reads a list nested thousands deep without running out of stack, keeping the text above the depth", () => {
    const depth = 3000;
    const html = `<p>Before</p>${"<ul><li>item".repeat(depth)}${"</li></ul>".repeat(depth)}<p>After</p>`;
    const text = htmlToText(html);
    expect(text.startsWith("Before item item")).toBe(true);
    expect(text.endsWith("After")).toBe(true);
  });

  it("keeps a definition's term and meaning, and a table's cells, apart", () => {
    // An imported post's excerpt once read "SEOSearch engine optimisation".
    expect(htmlToText("<dl><dt>SEO</dt><dd>Search engine optimisation</dd></dl>")).toBe(
      "SEO Search engine optimisation",
    );
    expect(htmlToText("<table><tr><td>SEO</td><td>Search engine optimisation</td></tr></table>")).toBe(
      "SEO Search engine optimisation",
    );
    expect(
      htmlToText(
        "<table><tr><th>Term</th><th>Meaning</th></tr><tr><td>PPC</td><td>Pay per click</td></tr></table>",
        {
          lines: true,
        },
      ),
    ).toBe("Term Meaning\nPPC Pay per click");
  });

  it("reads cells spanning hundreds of columns and rows as their words, not as a grid of every spanned cell", () => {
    // Each cell once became a row of 999 in the library's table layout: 60 of them held the thread 11 s,
    // and one spanning 20,000 overflowed the stack (a 500 from the editor's preview).
    const wide = `<table><tr>${"<td colspan=999 rowspan=999>x</td>".repeat(60)}</tr></table>`;
    expect(htmlToText(wide)).toBe(Array(60).fill("x").join(" "));
    expect(htmlToText("<table><tr><td colspan=20000>x</td></tr></table>")).toBe("x");
  });
});
