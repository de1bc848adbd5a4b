// A case study's checks while writing: the posts' checks on its approach, summary and cover, counted at
// each save (the list's filter reads the count), firing and clearing as the words change.
import { describe, expect, it } from "vitest";

import { getCaseStudyById, saveCaseStudy } from "~/features/case-studies/case-studies.server";
import {
  caseStudyCheckFacts,
  checkCaseStudy,
  countCaseStudiesWithProblems,
} from "~/features/case-studies/case-study-checks.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";

const steady = "We fix the site each week. It is quick and good work for you.";
const clean = `<h2>The start</h2><p>${Array(5).fill(steady).join(" ")}</p>`;
const input = (title: string, body: string, over: Record<string, unknown> = {}) =>
  CaseStudySchema.parse({
    title,
    clientName: "Harbour Bakery",
    category: "Ecommerce",
    excerpt:
      "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
    body,
    coverImage: "/uploads/cover.jpg",
    coverAlt: "Fresh loaves on a counter",
    status: "draft",
    ...over,
  });

describe("a case study's checks", () => {
  it("fire on each problem, are counted at save, and clear once fixed", () => {
    const before = countCaseStudiesWithProblems();
    const study = saveCaseStudy(
      undefined,
      input(
        "Harbour Bakery doubled its online orders",
        `<h2>A</h2><h4>B</h4><p><img src="/uploads/x.jpg" alt="IMG_0042.jpg"><a href="https://example.com/x">https://example.com/x</a> <a href="/work">read more</a></p>`,
        { coverAlt: "" },
      ),
    );
    const codes = checkCaseStudy(study).map((problem) => problem.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        "cover-no-alt",
        "heading-skip",
        "image-alt-file-name",
        "link-text-url",
        "link-text-vague",
      ]),
    );
    expect(getCaseStudyById(study.id)?.checkProblems).toBe(codes.length);
    expect(countCaseStudiesWithProblems()).toBe(before + 1);

    const fixed = saveCaseStudy(study.id, input("Harbour Bakery doubled its online orders", clean));
    expect(checkCaseStudy(fixed)).toEqual([]);
    expect(getCaseStudyById(study.id)?.checkProblems).toBe(0);
    expect(countCaseStudiesWithProblems()).toBe(before);
  });

  it("name a title another study has, and a summary, title and cover that fail search", () => {
    saveCaseStudy(undefined, input("Quay Dental filled every chair in spring", clean));
    const twin = saveCaseStudy(
      undefined,
      input("Quay dental filled every chair in spring", clean, { slug: "quay-dental-twin" }),
    );
    expect(checkCaseStudy(twin).map((p) => p.code)).toEqual(["title-duplicate"]);
    expect(caseStudyCheckFacts(twin)).toMatchObject({ duplicateTitle: twin.title });

    const thin = saveCaseStudy(
      undefined,
      input("Short", clean, { excerpt: "Too short.", coverImage: null, coverAlt: "" }),
    );
    expect(checkCaseStudy(thin).map((p) => p.code)).toEqual([
      "search-title-short",
      "search-description-short",
      "social-image-missing",
    ]);
  });
});
