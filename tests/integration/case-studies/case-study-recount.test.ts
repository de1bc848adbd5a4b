// Case studies' counts never go stale: a save marks the studies sharing its old or new title, and the
// background count counts every study never counted (imported, restored, from before the count).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { getCaseStudyById, saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { checkUncheckedCaseStudies } from "~/features/case-studies/case-study-checks.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { getDb } from "~/platform/db.server";

const steady = "We fix the site each week. It is quick and good work for you.";
const input = (title: string, slug?: string) =>
  CaseStudySchema.parse({
    title,
    clientName: "Harbour Bakery",
    category: "Ecommerce",
    excerpt:
      "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
    body: `<h2>The start</h2><p>${Array(5).fill(steady).join(" ")}</p>`,
    coverImage: "/uploads/cover.jpg",
    coverAlt: "Fresh loaves on a counter",
    status: "draft",
    ...(slug ? { slug } : {}),
  });

describe("case studies' counts", () => {
  it("a save marks the studies with its old and new title, and the count catches them up", () => {
    const first = saveCaseStudy(undefined, input("Quay Florist grew its weddings"));
    const second = saveCaseStudy(undefined, input("Quay Florist grew its weddings", "quay-florist-twin"));
    expect(getCaseStudyById(first.id)?.checkProblems).toBeNull();
    while (checkUncheckedCaseStudies());
    const withDuplicate = getCaseStudyById(first.id)!.checkProblems!;
    expect(withDuplicate).toBeGreaterThan(0);
    saveCaseStudy(second.id, input("Quay Florist doubled its wedding orders", "quay-florist-twin"));
    expect(getCaseStudyById(first.id)?.checkProblems).toBeNull();
    while (checkUncheckedCaseStudies());
    expect(getCaseStudyById(first.id)?.checkProblems).toBe(withDuplicate - 1);
  });

  it("the background count counts studies that were never counted", () => {
    const study = saveCaseStudy(undefined, input("Liffey Gym filled its classes"));
    getDb().update(caseStudies).set({ checkProblems: null }).where(eq(caseStudies.id, study.id)).run();
    while (checkUncheckedCaseStudies(1));
    expect(getCaseStudyById(study.id)?.checkProblems).toBe(study.checkProblems);
  });
});
