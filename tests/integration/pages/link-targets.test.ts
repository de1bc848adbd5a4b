import { beforeAll, describe, expect, it } from "vitest";

import { findLinkTargets } from "~/features/pages/link-targets.server";
import { listPublishedPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";

beforeAll(() => {
  seedDatabase(getDb());
});

describe("the editor's internal link picker", () => {
  it("offers the site's pages first, then live posts, for an empty search", () => {
    const targets = findLinkTargets("", 50);
    expect(targets[0]).toEqual({ title: "Home", path: "/", kind: "page" });
    expect(targets.map((t) => t.path)).toEqual(
      expect.arrayContaining(["/services/seo", "/work", "/contact", "/blog", "/privacy"]),
    );
    const posts = targets.filter((t) => t.kind === "post");
    expect(posts.length).toBeGreaterThan(0);
    expect(targets.findIndex((t) => t.kind === "post")).toBeGreaterThan(
      targets.findLastIndex((t) => t.kind !== "post"),
    );
  });

  it("finds pages and posts by title or address, case-insensitively, and never a draft", () => {
    const post = listPublishedPosts()[0]!;
    const word = post.title
      .split(" ")
      .find((w) => w.length > 4)!
      .toUpperCase();
    expect(findLinkTargets(word).map((t) => t.path)).toContain(`/blog/${post.slug}`);
    expect(findLinkTargets("seo").map((t) => t.path)).toContain("/services/seo");
    expect(findLinkTargets("TikTok for B2B").filter((t) => t.kind === "post")).toEqual([]); // a seeded draft
    expect(findLinkTargets("100%_").length).toBe(0); // % and _ are letters, not wildcards
  });
});
