import { describe, expect, it } from "vitest";

import { caseStudySlugOf, chooseSlug, shortSlug, slugify } from "~/platform/text/slug";

describe("shortSlug", () => {
  it("keeps the telling words of a headline: no stop words, no bare numbers, five words at most", () => {
    expect(shortSlug("How Harbour Logistics cut quote times by 92% with a new portal")).toBe(
      "harbour-logistics-cut-quote-times",
    );
    expect(shortSlug("Liffey Cycles: Twice the Sales in 6 Months")).toBe("liffey-cycles-twice-sales-months");
    expect(shortSlug("Sinéad's Bakery")).toBe("sineads-bakery");
  });

  it("stops at 50 characters without cutting a word", () => {
    const slug = shortSlug("Internationalisation Localisation Transformation Accessibility Programme");
    // 48 characters; "accessibility" would make 62.
    expect(slug).toBe("internationalisation-localisation-transformation");
    expect(slug.length).toBeLessThanOrEqual(50);
  });

  it("keeps numbers that are part of a word, and a lone long word whole", () => {
    expect(shortSlug("B2B leads up 300% for Dublin SaaS")).toBe("b2b-leads-dublin-saas");
    const long = "a".repeat(80);
    expect(shortSlug(long)).toBe(long);
  });

  it("falls back to the title's own words when it has nothing else, and is empty only for no letters", () => {
    expect(shortSlug("How we did it")).toBe("how-we-did-it");
    expect(shortSlug("2024")).toBe("2024");
    expect(shortSlug("!!! ???")).toBe("");
    expect(shortSlug("__proto__ constructor toString")).toBe("proto-constructor-tostring");
  });
});

describe("caseStudySlugOf", () => {
  const title = "How Harbour Logistics cut quote times by 92% with a new portal";

  it("gives a new case study the short address", () => {
    expect(caseStudySlugOf(title)).toBe("harbour-logistics-cut-quote-times");
  });

  it("keeps a study made with the whole title's address on the whole title, so it never changes by itself", () => {
    const before = { title, slug: slugify(title) };
    expect(caseStudySlugOf(title, before)).toBe(before.slug);
    // Renamed while still a draft, it follows its new title the way it always did.
    expect(caseStudySlugOf("Harbour Logistics portal", before)).toBe("harbour-logistics-portal");
  });

  it("keeps a study made with a short address (or a short title both rules agree on) on the short form", () => {
    expect(caseStudySlugOf(title, { title: "Harbour Coffee", slug: "harbour-coffee" })).toBe(
      "harbour-logistics-cut-quote-times",
    );
  });

  it("is only a suggestion: an address the owner types wins, and a live one is kept", () => {
    expect(chooseSlug("my-own address", title, null, "case study", shortSlug)).toEqual({
      slug: "my-own-address",
      field: "slug",
    });
    expect(chooseSlug("", title, "harbour-logistics", "case study", shortSlug)).toEqual({
      slug: "harbour-logistics",
      field: "slug",
    });
    expect(chooseSlug("", title, null, "case study", shortSlug)).toEqual({
      slug: "harbour-logistics-cut-quote-times",
      field: "title",
    });
  });
});
