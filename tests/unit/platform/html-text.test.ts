import { describe, expect, it } from "vitest";

import { htmlToText } from "~/platform/text/html-text";

describe("htmlToText", () => {
  const html =
    "<h2>Café&nbsp;culture</h2><p>Read <a href='https://example.ie'>the guide</a> &amp; more&hellip;</p>" +
    "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><!-- a note --><script>alert(1)</script>" +
    "<blockquote><p>A quote</p></blockquote><figure><img src='/x.webp' alt='x'><figcaption>A caption</figcaption></figure>";

  it("keeps what a reader sees: every entity decoded, no link targets, markers, scripts or comments", () => {
    expect(htmlToText(html)).toBe("Café culture Read the guide & more… one two first A quote A caption");
  });

  it("puts each block on a line of its own when asked", () => {
    expect(htmlToText(html, { lines: true }).split("\n")).toEqual([
      "Café culture",
      "Read the guide & more…",
      "one",
      "two",
      "first",
      "A quote",
      "A caption",
    ]);
  });

  it("reads broken and hostile markup as a browser would", () => {
    expect(htmlToText("<p>a < b and c > d</p><p>unclosed <b>bold")).toBe("a < b and c > d unclosed bold");
    // Thousands of unclosed script tags once took a minute (a regular expression scanning to the end
    // from each one); a parser reads them once.
    expect(htmlToText(`<p>before</p>${"<script".repeat(20_000)}`)).toBe("before");
  });
});
