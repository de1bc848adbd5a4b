// Where an ended post or case study sends its visitors must be a page the site answers: "/services"
// (the menu says Services, but the site has no such page) is refused on the field, for both, with
// nothing written; a page that exists, or an address under another language's prefix, is kept.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, posts } from "#db/schema";
import { CaseStudySchema } from "~/features/case-studies";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { checkEndTargetsWith } from "~/features/editor/index.server";
import { pageChecker } from "~/features/pages/index.server";
import { type PostDraft, savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";

beforeAll(() => {
  seedDatabase(getDb());
  checkEndTargetsWith(pageChecker);
});

const end = () => new Date(Date.now() + 60 * 60_000);
const post = (title: string, endRedirect: string): PostDraft => ({
  title,
  excerpt: "An offer that ends.",
  content: "<p>Book before Friday.</p>",
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "published",
  unpublishAt: end(),
  endRedirect,
});
const study = (title: string, endRedirect: string) =>
  CaseStudySchema.parse({
    title,
    clientName: "Harbour Logistics",
    category: "B2B",
    excerpt: "A quoting portal.",
    body: "<p>How.</p>",
    status: "published",
    unpublishAt: end().toISOString(),
    endRedirect,
  });

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldError ? { field: error.field, message: error.message } : error;
  }
};

describe("where an ended item sends its visitors", () => {
  it("refuses an address the site does not answer, for a post, writing nothing", () => {
    expect(fieldOf(() => savePost(undefined, post("Spring offer", "/services")))).toEqual({
      field: "endRedirect",
      message:
        "/services is not a page of this site: choose one that is, such as /blog or /contact, or leave it empty to answer 410 Gone",
    });
    expect(getDb().select().from(posts).where(eq(posts.title, "Spring offer")).get()).toBeUndefined();
  });

  it("refuses it for a case study too, writing nothing", () => {
    expect(fieldOf(() => saveCaseStudy(undefined, study("Harbour portal", "/blog/no-such-post")))).toEqual({
      field: "endRedirect",
      message: expect.stringContaining("/blog/no-such-post is not a page of this site"),
    });
    expect(
      getDb().select().from(caseStudies).where(eq(caseStudies.title, "Harbour portal")).get(),
    ).toBeUndefined();
  });

  it("keeps a page the site answers, with its query, and an address in another language", () => {
    for (const [i, target] of ["/services/seo", "/blog?tag=seo", "/contact#form", "/ga/blog"].entries()) {
      const saved = savePost(undefined, post(`Offer ${i}`, target));
      expect(saved.endRedirect).toBe(target);
    }
    expect(saveCaseStudy(undefined, study("Harbour portal", "/work")).endRedirect).toBe("/work");
  });

  it("clips a very long address in its message", () => {
    const long = `/${"a".repeat(250)}`;
    const refusal = fieldOf(() => savePost(undefined, post("Long target", long))) as { message: string };
    expect(refusal.message.length).toBeLessThan(200);
  });
});
