import { beforeAll, describe, expect, it } from "vitest";

import {
  type CaseStudySnapshot,
  restoreCaseStudyRevision,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import {
  discardAutosave,
  getAutosave,
  getRevision,
  listRevisions,
  saveAutosave,
} from "~/features/editor/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { ensureAdmin } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

let authorId: string;
beforeAll(async () => {
  seedDatabase(getDb());
  authorId = (await ensureAdmin("studier", "a-long-enough-password-for-tests"))!.id;
});

const input = (over: Record<string, unknown> = {}) =>
  CaseStudySchema.parse({
    title: "Harbour Bikes: Twice the Sales",
    clientName: "Harbour Bikes",
    category: "E-commerce",
    excerpt: "First words.",
    body: "<p>One</p>",
    metrics: [{ value: "2x", label: "Sales" }],
    status: "published",
    ...over,
  });

describe("case-study revisions", () => {
  it("keeps none while a study has never been live, then one per save with its author", () => {
    const study = saveCaseStudy(undefined, input({ status: "draft" }), { userId: authorId });
    saveCaseStudy(study.id, input({ status: "draft", excerpt: "Still a draft." }));
    expect(listRevisions("case-study", study.id)).toEqual([]);

    saveCaseStudy(study.id, input({ excerpt: "Now live." }), { userId: authorId });
    const list = listRevisions("case-study", study.id);
    // The state before the first kept save comes too, so it can be restored.
    expect(
      list.map((r) => getRevision<CaseStudySnapshot>("case-study", study.id, r.id).snapshot.excerpt),
    ).toEqual(["Now live.", "Still a draft."]);
    expect(list[0]).toMatchObject({
      author: "studier",
      title: "Harbour Bikes: Twice the Sales",
      status: "published",
    });
    // A post's revisions are not a case study's.
    expect(() => getRevision("post", study.id, list[0]!.id)).toThrow(NotFoundError);
  });

  it("restores a revision's words and rows but keeps the address, the status and the home-page place", () => {
    const study = saveCaseStudy(undefined, input({ title: "Quay Florists", featured: true }));
    const first = listRevisions("case-study", study.id).at(-1)!;
    saveCaseStudy(
      study.id,
      input({
        title: "Quay Florists",
        slug: "quay-florists-moved",
        excerpt: "Second.",
        metrics: [],
        featured: true,
      }),
    );
    const restored = restoreCaseStudyRevision(study.id, first.id, { userId: authorId });
    expect(restored).toMatchObject({
      excerpt: "First words.",
      metrics: [{ value: "2x", label: "Sales" }],
      slug: "quay-florists-moved",
      status: "published",
      featured: true,
    });
    expect(listRevisions("case-study", study.id)[0]?.author).toBe("studier");
  });

  it("keeps the admin's unsaved work per case study, apart from posts', until a save replaces it", () => {
    const study = saveCaseStudy(undefined, input({ title: "Northside Dental" }));
    saveAutosave(authorId, "case-study", study.id, { excerpt: "Half typed", "credits[0]": "SEO" });
    expect(getAutosave(authorId, "post", study.id)).toBeUndefined();
    expect(getAutosave(authorId, "case-study", study.id)?.values).toEqual({
      excerpt: "Half typed",
      "credits[0]": "SEO",
    });
    saveCaseStudy(study.id, input({ title: "Northside Dental", slug: study.slug }), { userId: authorId });
    expect(getAutosave(authorId, "case-study", study.id)).toBeUndefined();
    expect(() => saveAutosave(authorId, "case-study", "no-such-study", {})).toThrow(NotFoundError);
    expect(discardAutosave(authorId, "case-study", "new")).toBe(false);
  });
});
