// The admin's home and /admin/posts read what they show: titles, times and states, a page at a time.
// They read every post with its body (up to 500 KB each): 5,000 posts of 100 kB took the home 3–6 s and
// half a GB, the list 4–8 s and 9 MB of HTML.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import { adminHome } from "~/features/admin/index.server";
import { ADMIN_POSTS_PER_PAGE, adminPostsPage, listAllPosts, savePost } from "~/features/posts/index.server";
import { getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const MADE = ADMIN_POSTS_PER_PAGE * 2 + 7;
const now = new Date();

beforeAll(() => {
  for (let n = 0; n < MADE; n++) {
    const post = savePost(undefined, {
      title: `Listed ${n}`,
      excerpt: "A post.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: n % 4 === 0 ? "scheduled" : n % 2 ? "draft" : "published",
      publishAt: n % 4 === 0 ? new Date(now.getTime() + (n + 1) * 3_600_000) : null,
    });
    getDb()
      .update(posts)
      .set({ checkProblems: n % 10 === 1 ? 2 : 0 })
      .where(eq(posts.id, post.id))
      .run();
  }
});

/** Statements that read the posts' bodies. */
const bodiesRead = (read: string[]) =>
  read.filter((sql) => /from "posts"/.test(sql) && /"content"|select \*/.test(sql));

it("tells a read of the bodies (as listAllPosts makes) from one of the listed fields", async () => {
  expect(bodiesRead(await statementsRead(() => listAllPosts()))).toHaveLength(1);
});

describe("the admin's list of posts", () => {
  it("shows a page at a time, most recently changed first, and the last page for one past it", () => {
    const first = adminPostsPage({ page: 1 });
    expect(first.rows).toHaveLength(ADMIN_POSTS_PER_PAGE);
    expect(first.rows[0]!.title).toBe(`Listed ${MADE - 1}`);
    expect(first.pageCount).toBe(3);
    const last = adminPostsPage({ page: 3 });
    expect(last.rows.length).toBe(first.total - 2 * ADMIN_POSTS_PER_PAGE);
    expect(adminPostsPage({ page: 99 }).page).toBe(3);
    expect(adminPostsPage({ page: Number.NaN }).page).toBe(1);
    const seen = new Set([1, 2, 3].flatMap((page) => adminPostsPage({ page }).rows.map((post) => post.id)));
    expect(seen.size).toBe(first.total);
  });

  it("filters to the posts with problems", () => {
    const filtered = adminPostsPage({ problemsOnly: true });
    expect(filtered.rows.length).toBe(Math.ceil((MADE - 1) / 10));
    expect(filtered.rows.every((post) => (post.checkProblems ?? 0) > 0)).toBe(true);
  });

  it("never reads a post's body", async () => {
    const read = await statementsRead(() => adminPostsPage({ page: 2 }));
    expect(read.length).toBeGreaterThan(0);
    expect(bodiesRead(read)).toEqual([]);
  });
});

describe("the admin's home", () => {
  it("names the latest drafts, their count and the next scheduled without reading any body", async () => {
    let home: ReturnType<typeof adminHome> | undefined;
    const read = await statementsRead(() => (home = adminHome("owner", now)));
    expect(bodiesRead(read)).toEqual([]);
    const { writing } = home!;
    expect(writing.draftCount).toBe(Math.floor(MADE / 2));
    expect(writing.drafts.map((post) => post.title)).toEqual(
      [MADE - 2, MADE - 4, MADE - 6, MADE - 8, MADE - 10].map((n) => `Listed ${n}`),
    );
    expect(writing.scheduled.map((post) => post.title)).toEqual([
      "Listed 0",
      "Listed 4",
      "Listed 8",
      "Listed 12",
      "Listed 16",
    ]);
  });
});
