import { describe, expect, it } from "vitest";

import { htmlToText } from "~/platform/text/html-text";
import { titleText } from "~/platform/text/sanitize.server";

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

describe("titleText", () => {
  it("takes the tags out of a title and reads their entities", () => {
    expect(titleText("Markup: Title <em>With</em> <b>Markup</b>")).toBe("Markup: Title With Markup");
    expect(titleText("<p>Tips &amp; tricks</p>\n<p>for  you</p>")).toBe("Tips & tricks for you");
    // The words around a stray <body> stay (a converter that reads only the body dropped them).
    expect(titleText("XSS 13 <body onload=alert(12)>")).toBe("XSS 13");
    expect(titleText("<script>alert(1)</script>Hi <style>p{}</style>there")).toBe("Hi there");
  });

  it("leaves a title without tags as typed, and gives the same text when run again", () => {
    for (const title of ["a < b > c", "AT&T", "Tips &amp; tricks", "مرحبا 🚀", "x".repeat(300)])
      expect(titleText(title)).toBe(title);
    // An entity that spells a tag becomes the tag after one reading: a second takes it out too.
    const once = titleText("&lt;em&gt;<b>Bold</b>&lt;/em&gt;");
    expect(once).toBe("Bold");
    expect(titleText(once)).toBe(once);
  });
});
