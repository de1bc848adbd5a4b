import { beforeAll, describe, expect, it } from "vitest";

import { enquiries } from "#db/schema";
import {
  getCaseStudyBySlug,
  listCaseStudies,
  listCaseStudyCategories,
  listFeaturedCaseStudies,
} from "~/features/case-studies/index.server";
import { listEnquiries, storeEnquiry } from "~/features/enquiries/index.server";
import {
  getPostById,
  getPostBySlug,
  listAllPosts,
  listPublishedPosts,
  type PostDraft,
  savePost,
} from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";

beforeAll(() => {
  seedDatabase(getDb());
});

const input = (over: Partial<PostDraft> = {}): PostDraft => ({
  title: "A new post",
  slug: "a-new-post",
  excerpt: "Short",
  content: "<p>Body</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["SEO"],
  status: "draft",
  ...over,
});

describe("posts", () => {
  it("lists only published posts, newest first", () => {
    const posts = listPublishedPosts();
    expect(posts).toHaveLength(6);
    expect(posts.every((p) => p.status === "published")).toBe(true);
    const times = posts.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("hides drafts by slug unless asked", () => {
    expect(getPostBySlug("tiktok-for-b2b")).toBeUndefined();
    expect(getPostBySlug("tiktok-for-b2b", { includeDrafts: true })?.status).toBe("draft");
  });

  it("creates a draft, publishes it and refuses a second post with the same slug", () => {
    const created = savePost(undefined, input());
    expect(created.status).toBe("draft");
    expect(listAllPosts().map((p) => p.id)).toContain(created.id);
    expect(() => savePost(undefined, input())).toThrow(ConflictError);

    const published = savePost(created.id, input({ status: "published", title: "Renamed" }));
    expect(published.title).toBe("Renamed");
    expect(published.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    expect(getPostBySlug("a-new-post")?.id).toBe(created.id);
    expect(getPostById(created.id)?.title).toBe("Renamed");
  });

  it("reports a missing post and a taken slug on update", () => {
    expect(() => savePost("no-such-id", input({ slug: "x" }))).toThrow(NotFoundError);
    const other = savePost(undefined, input({ slug: "other" }));
    expect(() => savePost(other.id, input({ slug: "local-seo-dublin-2026-checklist" }))).toThrow(
      ConflictError,
    );
  });
});

describe("projects", () => {
  it("lists, filters by category and finds by slug", () => {
    expect(listCaseStudies()).toHaveLength(10);
    const categories = listCaseStudyCategories();
    expect(categories).toContain("E-commerce");
    // The category with most projects first, then by name.
    expect(categories).toEqual([
      "E-commerce",
      ...categories.filter((category) => category !== "E-commerce").sort(),
    ]);
    expect(listCaseStudies({ category: "E-commerce" }).every((p) => p.category === "E-commerce")).toBe(true);
    expect(listFeaturedCaseStudies()).toHaveLength(3);
    expect(getCaseStudyBySlug("paynest")?.category).toBe("FinTech Growth");
    expect(getCaseStudyBySlug("nope")).toBeUndefined();
  });

  it("gives every seeded project a distinct slug and a detail page", () => {
    const slugs = listCaseStudies().map((p) => p.slug);
    expect(new Set(slugs).size).toBe(10);
    for (const slug of slugs) expect(getCaseStudyBySlug(slug)).toBeDefined();
  });
});

describe("enquiries", () => {
  it("stores an enquiry as new", async () => {
    const enquiry = await storeEnquiry({
      name: "Aoife",
      email: "aoife@example.ie",
      budget: null,
      goals: "More leads please",
    });
    expect(enquiry.status).toBe("new");
    expect(enquiry.createdAt).toBeInstanceOf(Date);
    expect(listEnquiries()[0]?.id).toBe(enquiry.id);
    expect(getDb().select().from(enquiries).all()).toHaveLength(1);
  });
});
