import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { posts, postTags } from "#db/schema";
import {
  listedTopics,
  listPublishedTags,
  listRelatedPosts,
  type PostDraft,
  savePost,
  searchPublishedPosts,
  TOPICS_LISTED,
} from "~/features/posts/posts.server";
import { seedDatabase } from "~/features/seed/index.server";
import { contentChanged, getDb } from "~/platform/db.server";

beforeAll(() => {
  seedDatabase(getDb());
});

const post = (over: Partial<PostDraft>): PostDraft => ({
  title: "T",
  slug: "t",
  excerpt: "E",
  content: "<p>C</p>",
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "published",
  ...over,
});

describe("searchPublishedPosts", () => {
  it("finds by title or excerpt, case-insensitively, newest first", () => {
    const byTitle = searchPublishedPosts({ q: "google ads" });
    expect(byTitle.posts.map((p) => p.slug)).toEqual(["google-ads-budget-small-business"]);
    const byExcerpt = searchPublishedPosts({ q: "DASHBOARDS" });
    expect(byExcerpt.total).toBe(1);
    expect(searchPublishedPosts({ q: "" }).total).toBe(6);
    expect(searchPublishedPosts({ q: "zzz-nothing" })).toMatchObject({ total: 0, posts: [], pageCount: 1 });
  });

  it("takes any text a visitor sends, a NUL too (the full-text index once refused it with an SQL error)", () => {
    expect(searchPublishedPosts({ q: "google\0 ads" }).total).toBe(1);
    expect(searchPublishedPosts({ q: "goo\0gle ads" }).posts.map((p) => p.slug)).toEqual([
      "google-ads-budget-small-business",
    ]);
    for (const q of ["ab\0", "\0ab", "\0\0\0", "seo\0", "\0"])
      expect(() => searchPublishedPosts({ q }), JSON.stringify(q)).not.toThrow();
    expect(searchPublishedPosts({ q: "\0\0\0" }).total).toBe(6);
  });

  it("filters by tag, also combined with a search", () => {
    const seo = searchPublishedPosts({ tag: "SEO" });
    expect(seo.total).toBe(2);
    expect(seo.posts.every((p) => p.tags.includes("SEO"))).toBe(true);
    expect(searchPublishedPosts({ tag: "SEO", q: "slow" }).posts.map((p) => p.slug)).toEqual([
      "why-your-website-is-slow",
    ]);
    expect(searchPublishedPosts({ tag: "seo" }).total).toBe(0);
  });

  it("never returns drafts, and treats % and _ as plain letters", () => {
    expect(searchPublishedPosts({ q: "TikTok" }).total).toBe(0);
    expect(searchPublishedPosts({ tag: "TikTok" }).total).toBe(0);
    expect(searchPublishedPosts({ q: "%" }).total).toBe(0);
    expect(searchPublishedPosts({ q: "_" }).total).toBe(0);
  });

  it("follows the full-text index through edits, unpublishing and deletion; quotes and short words work", () => {
    const created = savePost(
      undefined,
      post({ title: 'Quarterly "growth" report 100%', slug: "quarterly", excerpt: "Numbers for Q3" }),
    );
    expect(searchPublishedPosts({ q: 'growth" report' }).posts.map((p) => p.slug)).toEqual(["quarterly"]);
    expect(searchPublishedPosts({ q: "100%" }).total).toBe(1);
    expect(searchPublishedPosts({ q: "Q3" }).total).toBe(1); // two letters: found without the index
    savePost(
      created.id,
      post({ title: "Annual summary", slug: "quarterly", excerpt: "Numbers for the year" }),
    );
    expect(searchPublishedPosts({ q: "quarterly" }).total).toBe(0);
    expect(searchPublishedPosts({ q: "annual summ" }).posts.map((p) => p.slug)).toEqual(["quarterly"]);
    savePost(created.id, post({ title: "Annual summary", slug: "quarterly", status: "draft" }));
    expect(searchPublishedPosts({ q: "annual summ" }).total).toBe(0);
    getDb().$client.prepare("delete from posts where id = ?").run(created.id);
    expect(
      getDb()
        .$client.prepare("select count(*) as n from posts_search where posts_search match '\"Annual\"'")
        .get(),
    ).toEqual({ n: 0 });
  });

  it("pages through results and keeps the total", () => {
    for (let i = 0; i < 20; i++) {
      savePost(undefined, post({ title: `Paging post ${i}`, slug: `paging-${i}` }));
    }
    const first = searchPublishedPosts({ q: "Paging post", pageSize: 12 });
    expect(first).toMatchObject({ total: 20, pageCount: 2 });
    expect(first.posts).toHaveLength(12);
    const second = searchPublishedPosts({ q: "Paging post", page: 2, pageSize: 12 });
    expect(second.posts).toHaveLength(8);
    expect(new Set([...first.posts, ...second.posts].map((p) => p.id)).size).toBe(20);
  });
});

describe("tags", () => {
  it("lists the tags of published posts only, most used first", () => {
    const tags = listPublishedTags();
    expect(tags[0]).toBe("SEO");
    expect(tags).toContain("PPC");
    expect(tags).not.toContain("TikTok");
    expect(new Set(tags).size).toBe(tags.length);
  });

  it("offers the blog only the topics used most, the chosen one and one a search names, of 10,000", () => {
    const [many] = getDb()
      .insert(posts)
      .values({ title: "Tagged", slug: "tagged-10000", excerpt: "x", content: "", status: "published" })
      .returning()
      .all();
    const names = [
      "__proto__",
      "constructor",
      "toString",
      ...Array.from({ length: 9_997 }, (_, i) => `One-off ${i}`),
    ];
    getDb().transaction((tx) => {
      for (let at = 0; at < names.length; at += 500)
        tx.insert(postTags)
          .values(names.slice(at, at + 500).map((tag) => ({ postId: many!.id, tag })))
          .run();
    });
    contentChanged("posts");
    const shown = listedTopics("", "");
    expect(shown).toHaveLength(TOPICS_LISTED);
    expect(shown).toEqual(listPublishedTags().slice(0, TOPICS_LISTED));
    expect(shown[0]).toBe("SEO");
    // A topic further down is still reachable: chosen, or named by a search in any case.
    expect(listedTopics("", "One-off 9000").at(-1)).toBe("One-off 9000");
    expect(listedTopics("CONSTRUCTOR", "").at(-1)).toBe("constructor");
    expect(listedTopics("", "__proto__").at(-1)).toBe("__proto__");
    expect(listedTopics("", "Not a topic")).toHaveLength(TOPICS_LISTED);
  });

  it("follow edits, publishing and unpublishing", () => {
    const created = savePost(
      undefined,
      post({ title: "Knitting", slug: "knitting", tags: ["Knitting", "Knitting"], status: "draft" }),
    );
    expect(listPublishedTags()).not.toContain("Knitting");
    savePost(
      created.id,
      post({ title: "Knitting", slug: "knitting", tags: ["Knitting"], status: "published" }),
    );
    expect(listPublishedTags()).toContain("Knitting");
    expect(searchPublishedPosts({ tag: "Knitting" }).total).toBe(1);
    savePost(
      created.id,
      post({ title: "Knitting", slug: "knitting", tags: ["Crochet"], status: "published" }),
    );
    expect(listPublishedTags()).not.toContain("Knitting");
    expect(searchPublishedPosts({ tag: "Crochet" }).total).toBe(1);
  });
});

describe("listRelatedPosts", () => {
  it("prefers posts that share tags, then the newest, never the post itself or a draft", () => {
    const source = searchPublishedPosts({ q: "Local SEO in Dublin" }).posts[0]!;
    const related = listRelatedPosts(source);
    expect(related).toHaveLength(3);
    expect(related.map((p) => p.id)).not.toContain(source.id);
    expect(related[0]!.slug).toBe("why-your-website-is-slow"); // shares "SEO"
    expect(related.every((p) => p.status === "published")).toBe(true);
  });

  it("finds what an imported post with more tags than SQLite takes as parameters shares", () => {
    // 40,000 tags: past the 32,766 values one statement may be given.
    const many = Array.from({ length: 40_000 }, (_, i) => `imported topic ${i}`);
    const source = savePost(undefined, post({ title: "Many", slug: "many-tags", tags: [...many, "PPC"] }));
    const sharing = savePost(
      undefined,
      post({ title: "Shares", slug: "shares-a-rare-one", tags: [many.at(-1)!] }),
    );
    try {
      const related = listRelatedPosts(source);
      expect(related[0]!.id).toBe(sharing.id);
      expect(related.map((p) => p.id)).not.toContain(source.id);
    } finally {
      getDb()
        .delete(posts)
        .where(inArray(posts.id, [source.id, sharing.id]))
        .run();
      contentChanged("posts");
    }
  });

  it("falls back to the newest posts when nothing shares a tag", () => {
    const related = listRelatedPosts({ id: "none", tags: [] }, 2);
    const newest = searchPublishedPosts({ pageSize: 2 }).posts;
    expect(related.map((p) => p.id)).toEqual(newest.map((p) => p.id));
  });
});
