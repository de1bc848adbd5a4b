// The checks while writing kept per post: counted in the save's transaction (so the posts list filters
// by a query), counted again in the background for the posts that share a title, and counted in slices
// for posts that came in other ways (imports, the starting posts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import { pageChecker } from "~/features/pages/index.server";
import {
  checkLinksWith,
  checkPost,
  checkUncheckedPosts,
  countPostsWithProblems,
  listPostsWithProblems,
} from "~/features/posts/post-checks.server";
import { type PostDraft, savePost } from "~/features/posts/posts.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";

beforeAll(() => {
  seedDatabase(getDb());
  checkLinksWith(pageChecker);
});

const steady = "We fix the site each week. It is quick and good work for you.";
/** A post with nothing to fix. */
const good = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt:
    "How a Dublin bakery doubled its online orders after we rebuilt its shop and its local search pages.",
  content: `<h2>The start</h2><p>${Array(5).fill(steady).join(" ")}</p><p>${Array(5).fill(steady).join(" ")}</p><p>See <a href="/services/seo">our search work</a>.</p>`,
  coverImage: "/uploads/cover.jpg",
  coverAlt: "Fresh loaves on a counter",
  videoUrl: null,
  tags: [],
  status: "draft",
  ...over,
});

/** What the background count does after saves, all of it at once. */
const countAll = () => {
  while (checkUncheckedPosts()) {
    // a slice a call
  }
};

const storedCount = (id: string) =>
  getDb().select({ n: posts.checkProblems }).from(posts).where(eq(posts.id, id)).get()?.n;

describe("a post's checks while writing", () => {
  it("are counted on save and cleared as the problems are fixed", () => {
    const post = savePost(undefined, good("Bakery orders doubled in a year: the whole story"));
    expect(checkPost(post)).toEqual([]);
    expect(storedCount(post.id)).toBe(0);

    const broken = savePost(
      post.id,
      good("Bakery orders doubled in a year: the whole story", {
        content: `<h2>Part</h2><h4>Skipped</h4><p><img src="/uploads/a.jpg"> <a href="/blog/no-such-post">click here</a></p>`,
      }),
    );
    expect(checkPost(broken).map((p) => p.code)).toEqual([
      "heading-skip",
      "image-no-alt",
      "link-text-vague",
      "link-broken",
    ]);
    expect(storedCount(post.id)).toBe(4);
    expect(listPostsWithProblems().map((p) => p.id)).toContain(post.id);

    savePost(post.id, good("Bakery orders doubled in a year: the whole story"));
    expect(storedCount(post.id)).toBe(0);
    expect(listPostsWithProblems().map((p) => p.id)).not.toContain(post.id);
  });

  it("find a link to a page the site has, and not to a draft or a missing page", () => {
    const draft = savePost(undefined, good("A draft nobody can read yet, only its writer"));
    const codes = (href: string) =>
      checkPost(
        savePost(draft.id, good(draft.title, { content: `<p><a href="${href}">The page we mean</a></p>` })),
      )
        .filter((p) => p.code === "link-broken")
        .map((p) => p.message);
    expect(codes("/services/seo")).toEqual([]);
    expect(codes("/about#team")).toEqual([]);
    expect(codes(`/blog/${draft.slug}`)).toEqual([
      `The link to /blog/${draft.slug} goes to a page that does not exist (or is not live)`,
    ]);
    expect(codes("/servces/seo")).toHaveLength(1);
    expect(codes("/services/seo///")).toEqual([]);
    // A run of slashes inside a link: trimming it by a pattern took time in the square of its length
    // (120,000 held the site's thread 4.4 s at every save, check and opening of the editor).
    expect(codes(`/a${"/".repeat(400_000)}b`)).toHaveLength(1);
  });

  it("count a shared title on both posts, and clear both when one is renamed", () => {
    const first = savePost(undefined, good("Five local search fixes for a Dublin shop"));
    expect(storedCount(first.id)).toBe(0);
    const second = savePost(
      undefined,
      good("five local search fixes for a Dublin shop", { slug: "five-fixes-again" }),
    );
    expect(checkPost(second).map((p) => p.code)).toEqual(["title-duplicate"]);
    expect([storedCount(first.id), storedCount(second.id)]).toEqual([null, 1]);
    countAll();
    expect([storedCount(first.id), storedCount(second.id)]).toEqual([1, 1]);

    savePost(second.id, good("Five more local search fixes, for a Cork shop"));
    countAll();
    expect([storedCount(first.id), storedCount(second.id)]).toEqual([0, 0]);
  });

  it("leave the posts sharing a title to the background count, however many an import made", () => {
    const db = getDb();
    const title = "Untitled";
    const imported = Array.from(
      { length: 80 },
      (_, i) =>
        db
          .insert(posts)
          .values({ title, slug: `untitled-${i}`, excerpt: "", content: "<p>Old</p>", status: "draft" })
          .returning({ id: posts.id })
          .get().id,
    );
    countAll();
    const counted = imported.map(storedCount);
    const saved = savePost(undefined, good(title, { slug: "untitled-new" }));
    expect(storedCount(saved.id)).toBe(checkPost(saved).length);
    expect(imported.map(storedCount).every((n) => n === null)).toBe(true);
    countAll();
    expect(imported.map(storedCount)).toEqual(counted);
    savePost(saved.id, good("A title of its own, at last, for this one"));
    countAll();
    expect(imported.map(storedCount)).toEqual(counted);
  });

  it("are counted in slices for posts that came in another way, and the filter is a query", () => {
    const db = getDb();
    while (checkUncheckedPosts()) {
      // the starting posts first
    }
    const before = countPostsWithProblems();
    const imported = Array.from(
      { length: 30 },
      (_, i) =>
        db
          .insert(posts)
          .values({
            title: `Imported ${i}`,
            slug: `imported-${i}`,
            excerpt: "",
            content: `<h2>Old</h2><h4>Older</h4>`,
            status: "published",
          })
          .returning({ id: posts.id })
          .get().id,
    );
    expect(imported.map(storedCount).every((n) => n === null)).toBe(true);
    while (checkUncheckedPosts()) {
      // a slice a call, until none is left
    }
    expect(imported.map(storedCount).every((n) => (n ?? 0) > 0)).toBe(true);
    expect(countPostsWithProblems()).toBe(before + 30);
    expect(
      db
        .select({ id: posts.id })
        .from(posts)
        .all()
        .map((p) => storedCount(p.id)),
    ).not.toContain(null);
  });
});
