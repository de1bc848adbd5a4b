import { describe, expect, it } from "vitest";

import { readingMinutes } from "~/features/posts/reading-time";
import { formatLongDate } from "~/platform/text/dates";
import { htmlToText } from "~/platform/text/html-text";
import { otherCase, parseTags } from "~/platform/text/tags";

describe("readingMinutes", () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")}</p>`;
  it("is 200 words a minute, rounded up, at least 1", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
  });
  it("counts the text, not the tags", () => {
    expect(
      htmlToText('<h2>Hello</h2><p>big&nbsp;<a href="/x">world</a></p><script>var a = 1;</script>'),
    ).toBe("Hello big world");
  });
});

describe("parseTags", () => {
  it("splits on commas, trims and drops empty and repeated entries", () => {
    expect(parseTags(" SEO, Local SEO,, PPC ,SEO, ")).toEqual(["SEO", "Local SEO", "PPC"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("otherCase", () => {
  it("names the value spelled in another case, and none for a value that is one as it is", () => {
    expect(otherCase(["SEO", "PPC"], "seo")).toBe("SEO");
    expect(otherCase(["SEO", "PPC"], "SEO")).toBeUndefined();
    expect(otherCase(["Markup", "markup"], "markup")).toBeUndefined();
    expect(otherCase(["SEO"], "Knitting")).toBeUndefined();
  });
});

describe("formatLongDate", () => {
  it("writes US long dates and says when there is none", () => {
    expect(formatLongDate(new Date("2026-11-21T12:00:00Z"))).toBe("21 November 2026");
    expect(formatLongDate("2026-02-03T09:00:00Z")).toBe("3 February 2026");
    expect(formatLongDate(null)).toBe("Unknown date");
    expect(formatLongDate("not a date")).toBe("Unknown date");
  });
});
