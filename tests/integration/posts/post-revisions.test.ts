import { beforeAll, describe, expect, it } from "vitest";

import { revisions } from "#db/schema";
import { countRevisions, getRevision, listRevisions, MAX_REVISIONS } from "~/features/editor/index.server";
import type { PostSnapshot } from "~/features/posts/post-save.server";
import {
  getPostById,
  listPublishedPosts,
  type PostDraft,
  restoreRevision,
  savePost,
} from "~/features/posts/posts.server";
import { seedDatabase } from "~/features/seed/index.server";
import { ensureAdmin } from "~/features/staff/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

let authorId: string;
beforeAll(async () => {
  seedDatabase(getDb());
  authorId = (await ensureAdmin("writer", "a-long-enough-password-for-tests"))!.id;
});

const draft = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "First words.",
  content: "<p>One</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["SEO"],
  status: "published",
  ...over,
});

describe("revisions", () => {
  it("names whoever saved each by the name their posts show, their username when they have none", async () => {
    const named = await createUser("nmurphy", "a-long-enough-password-for-tests", {
      role: "editor",
      name: "Niamh Murphy",
    });
    const post = savePost(undefined, draft("Saved by Niamh"), { userId: named.id });
    savePost(post.id, draft("Saved by Niamh", { excerpt: "Again." }), { userId: authorId });
    expect(listRevisions("post", post.id).map((revision) => revision.author)).toEqual([
      "writer",
      "Niamh Murphy",
    ]);
    const [, first] = listRevisions("post", post.id);
    expect(getRevision("post", post.id, first!.id).author).toBe("Niamh Murphy");
  });

  it("keeps none while a post has never been live, then one per save", () => {
    const post = savePost(undefined, draft("Revised post", { status: "draft" }));
    savePost(post.id, draft("Revised post", { status: "draft", excerpt: "Still a draft." }));
    expect(listRevisions("post", post.id)).toEqual([]);

    const live = savePost(post.id, draft("Revised post", { excerpt: "Now live." }), { userId: authorId });
    let list = listRevisions("post", post.id);
    expect(countRevisions("post", post.id)).toBe(list.length);
    // The state before the first kept save comes too, so it can be restored.
    expect(list.map((r) => getRevision<PostSnapshot>("post", post.id, r.id).snapshot.excerpt)).toEqual([
      "Now live.",
      "Still a draft.",
    ]);
    expect(list[0]).toMatchObject({
      title: "Revised post",
      slug: live.slug,
      status: "published",
      author: "writer",
    });
    expect(list[1]!.author).toBeNull();

    savePost(post.id, draft("Revised post", { excerpt: "Third." }));
    list = listRevisions("post", post.id);
    expect(list).toHaveLength(3);
    expect(list[0]!.author).toBeNull();
    expect(getRevision<PostSnapshot>("post", post.id, list[0]!.id).snapshot).toMatchObject({
      excerpt: "Third.",
      content: "<p>One</p>",
      tags: ["SEO"],
      seoTitle: null,
    });
  });

  it("restores a revision's words but keeps the address and status, and keeps a revision of that too", () => {
    const seeded = listPublishedPosts().at(-2)!;
    const original = seeded.content;
    savePost(seeded.id, { ...seeded, content: "<p>Rewritten</p>", seoTitle: "New search title" });
    const list = listRevisions("post", seeded.id);
    expect(list).toHaveLength(2);
    const before = list[1]!;
    const restored = restoreRevision(seeded.id, before.id, { userId: authorId });
    expect(restored).toMatchObject({
      content: original,
      seoTitle: null,
      slug: seeded.slug,
      status: "published",
    });
    expect(getPostById(seeded.id)?.content).toBe(original);
    const after = listRevisions("post", seeded.id);
    expect(after).toHaveLength(3);
    expect(after[0]!.author).toBe("writer");
  });

  it("answers not found for an unknown post, an unknown revision, or another post's revision", () => {
    const one = savePost(undefined, draft("Revision owner one"));
    const two = savePost(undefined, draft("Revision owner two"));
    const revisionOfOne = listRevisions("post", one.id)[0]!.id;
    expect(() => listRevisions("post", "no-such-post")).toThrow(NotFoundError);
    expect(() => getRevision<PostSnapshot>("post", one.id, "no-such-revision")).toThrow(NotFoundError);
    expect(() => getRevision<PostSnapshot>("post", two.id, revisionOfOne)).toThrow(NotFoundError);
    expect(() => restoreRevision(two.id, revisionOfOne)).toThrow(NotFoundError);
  });

  it(`keeps the newest ${MAX_REVISIONS} of a post`, () => {
    const post = savePost(undefined, draft("Many saves"));
    for (let i = 1; i <= MAX_REVISIONS + 5; i += 1)
      savePost(post.id, draft("Many saves", { excerpt: `Save ${i}` }));
    const list = listRevisions("post", post.id);
    expect(list).toHaveLength(MAX_REVISIONS);
    expect(getRevision<PostSnapshot>("post", post.id, list[0]!.id).snapshot.excerpt).toBe(
      `Save ${MAX_REVISIONS + 5}`,
    );
    expect(getRevision<PostSnapshot>("post", post.id, list.at(-1)!.id).snapshot.excerpt).toBe("Save 6");
    const rows = getDb().select().from(revisions).all();
    expect(rows.filter((r) => r.postId === post.id)).toHaveLength(MAX_REVISIONS);
  });
});
