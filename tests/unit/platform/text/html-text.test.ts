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
  });
});
