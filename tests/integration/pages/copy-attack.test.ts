// Defects an outside attack on page copy found, reproduced at the service level, each fixed since.
import { describe, expect, it } from "vitest";

import { checkPageCopy, PageCopyInvalid } from "~/features/pages/copy/page-copy.server";
import type { LegalCopy } from "~/features/pages/copy/page-schemas";
import { startingCopy } from "~/features/pages/copy/starting-copy";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import { siteFacts, withFacts } from "~/platform/site/site-settings";

const site = siteFacts(seedSiteSettings, new Date("2026-11-22T12:00:00Z"));
const privacy = startingCopy.find((page) => page.key === "legal/privacy")!.copy as LegalCopy;
const withBody = (body: string): LegalCopy => ({ ...privacy, sections: [{ heading: "Only", body }] });

describe("a fact token named like a property of every object", () => {
  it("stays as typed instead of showing JavaScript's own functions", () => {
    // An editor types "{constructor}" in a headline: the page read "function Object() { [native code] }".
    const filled = withFacts(
      { headline: "Hi {constructor}", intro: "A {__proto__} B {toString} C {valueOf}" },
      site,
    );
    expect(filled).toEqual({
      headline: "Hi {constructor}",
      intro: "A {__proto__} B {toString} C {valueOf}",
    });
  });
});

describe("a legal section's body, which is required", () => {
  it("is refused when nothing is left of it once sanitised", () => {
    // Each was saved and published as an empty section ("" stored): checked before sanitising, not after.
    for (const body of ["<p></p>", "<!-- -->", "<p>&nbsp;</p>", "<a></a>"]) {
      expect(() => checkPageCopy("legal", withBody(body)), body).toThrow(PageCopyInvalid);
    }
  });

  it("is not emptied by the sanitiser's nesting limit while the check lets it through", () => {
    // 6,000 nested <b> (18,007 characters, under the 20,000 limit) was answered 200 and stored as "".
    const body = `<p>${"<b>".repeat(6000)}</p>`;
    let stored: string | undefined;
    try {
      stored = (checkPageCopy("legal", withBody(body)) as LegalCopy).sections[0]!.body;
    } catch (error) {
      expect(error).toBeInstanceOf(PageCopyInvalid);
      return;
    }
    expect(stored).not.toBe("");
  });
});

describe("a plain required field", () => {
  it("is refused when it holds only invisible characters", () => {
    const about = startingCopy.find((page) => page.key === "about")!.copy as {
      mission: { heading: string; text: string };
    };
    // Zero-width space, Hangul filler and Braille blank each passed "Required" and showed as nothing.
    for (const heading of ["\u200b", "\u3164", "\u2800", "\u200b\u200c\ufeff"]) {
      const copy = { ...about, mission: { ...about.mission, heading } };
      expect(() => checkPageCopy("about", copy), JSON.stringify(heading)).toThrow(PageCopyInvalid);
    }
  });

  it("is refused when it holds a character that cannot be shown", () => {
    const about = startingCopy.find((page) => page.key === "about")!.copy as {
      mission: { heading: string; text: string };
    };
    // A NUL was stored and sent raw in /about's HTML; a lone surrogate is half a character.
    for (const heading of ["Our\u0000mission", "Our\u001bmission", "Our \ud800 mission"]) {
      const copy = { ...about, mission: { ...about.mission, heading } };
      expect(() => checkPageCopy("about", copy), JSON.stringify(heading)).toThrow(PageCopyInvalid);
    }
    const kept = { ...about, mission: { ...about.mission, text: "Two lines,\nand a\ttab." } };
    expect(checkPageCopy("about", kept)).toMatchObject({ mission: { text: "Two lines,\nand a\ttab." } });
  });

  it("names at most ten unknown fields of an object, and at most fifty problems in all", () => {
    const about = startingCopy.find((page) => page.key === "about")!.copy as Record<string, unknown>;
    const junk = Object.fromEntries(Array.from({ length: 90_000 }, (_, index) => [`x${index}`, 1]));
    try {
      checkPageCopy("about", { ...about, ...junk });
      throw new Error("expected PageCopyInvalid");
    } catch (error) {
      expect(error).toBeInstanceOf(PageCopyInvalid);
      expect((error as PageCopyInvalid).issues).toEqual([
        { path: "", message: "Unknown field: x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 and 89990 more" },
      ]);
    }
    const service = startingCopy.find((page) => page.key === "services/seo")!.copy as {
      sections: { cards: unknown[] }[];
    };
    const emptyCards = Array(6).fill({ ...service.sections[0], cards: Array(12).fill({}) });
    try {
      checkPageCopy("service", { ...service, sections: emptyCards });
      throw new Error("expected PageCopyInvalid");
    } catch (error) {
      expect(error).toBeInstanceOf(PageCopyInvalid);
      expect((error as PageCopyInvalid).issues).toHaveLength(50);
    }
  });
});
