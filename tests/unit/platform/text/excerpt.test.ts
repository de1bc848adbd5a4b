import { describe, expect, it } from "vitest";

import { excerptFromBody, MADE_EXCERPT_LENGTH, shortenText } from "~/platform/text/excerpt";

describe("an excerpt made from a body", () => {
  it("is the body's text without markup, whole when it is short", () => {
    expect(
      excerptFromBody("<h2>Café&nbsp;culture</h2><p>Read <a href='/x'>the <em>guide</em></a>.</p>"),
    ).toBe("Café culture Read the guide.");
  });

  it("stops at the last word that fits in 160 characters, with an ellipsis", () => {
    const words = Array.from({ length: 60 }, (_, n) => `word${n}`).join(" ");
    const made = excerptFromBody(`<p>${words}</p>`);
    expect(Array.from(made).length).toBeLessThanOrEqual(MADE_EXCERPT_LENGTH + 1);
    expect(made.endsWith("…")).toBe(true);
    const kept = made.slice(0, -1);
    expect(words.startsWith(`${kept} `)).toBe(true);
  });

  it("drops the punctuation left before the ellipsis", () => {
    expect(shortenText("One, two, three, four.", 14)).toBe("One, two…");
  });

  it("cuts inside a word longer than the whole length, and never splits an emoji", () => {
    expect(shortenText("x".repeat(300))).toBe(`${"x".repeat(MADE_EXCERPT_LENGTH)}…`);
    const emoji = shortenText("😀".repeat(200));
    expect(
      Array.from(emoji)
        .slice(0, -1)
        .every((c) => c === "😀"),
    ).toBe(true);
  });

  it("is empty for a body without text (only images or nothing)", () => {
    expect(excerptFromBody("<p><img src='/uploads/a.webp' alt='A'></p>")).toBe("");
    expect(excerptFromBody("")).toBe("");
  });
});
