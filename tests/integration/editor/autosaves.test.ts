import { beforeAll, describe, expect, it } from "vitest";

import { discardAutosave, getAutosave, saveAutosave, unsavedWork } from "~/features/editor/index.server";
import { listPublishedPosts, type PostDraft, savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { ensureAdmin } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

let me: string;
let other: string;
beforeAll(async () => {
  seedDatabase(getDb());
  me = (await ensureAdmin("autosaver", "a-long-enough-password-for-tests"))!.id;
  other = getDb()
    .$client.prepare("insert into users (id, username, password) values ('u2', 'second', 'x') returning id")
    .pluck()
    .get() as string;
});

const draft = (title: string): PostDraft => ({
  title,
  excerpt: "Saved for real.",
  content: "",
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "draft",
});

describe("autosave", () => {
  it("keeps one copy per admin and post, replaced by the next", () => {
    const at = new Date("2026-05-01T10:00:00Z");
    saveAutosave(me, "post", "new", { title: "Half a ti" }, at);
    saveAutosave(
      me,
      "post",
      "new",
      { title: "Half a title", content: "<p>typing" },
      new Date(at.getTime() + 5000),
    );
    expect(getAutosave(me, "post", "new")).toEqual({
      values: { title: "Half a title", content: "<p>typing" },
      updatedAt: new Date(at.getTime() + 5000),
    });
    expect(getAutosave(other, "post", "new")).toBeUndefined();
    expect(discardAutosave(me, "post", "new")).toBe(true);
    expect(getAutosave(me, "post", "new")).toBeUndefined();
    expect(discardAutosave(me, "post", "new")).toBe(false);
  });

  it("refuses a post that does not exist", () => {
    expect(() => saveAutosave(me, "post", "no-such-post", { title: "x" })).toThrow(NotFoundError);
  });

  it("is discarded by a successful save of that post, and kept by a failed one", () => {
    saveAutosave(me, "post", "new", { title: "Unsaved new post" });
    saveAutosave(other, "post", "new", { title: "Someone else's" });
    const post = savePost(undefined, draft("Autosaved then saved"), { userId: me });
    expect(getAutosave(me, "post", "new")).toBeUndefined();
    expect(getAutosave(other, "post", "new")).toBeDefined();

    saveAutosave(me, "post", post.id, { title: "Edits in progress" });
    const taken = listPublishedPosts()[0]!.slug;
    expect(() => savePost(post.id, { ...draft("x"), slug: taken }, { userId: me })).toThrow();
    expect(getAutosave(me, "post", post.id)?.values).toEqual({ title: "Edits in progress" });
    savePost(post.id, draft("Autosaved then saved"), { userId: me });
    expect(getAutosave(me, "post", post.id)).toBeUndefined();
  });

  it("is discarded for everyone when the page action saves without naming the admin", () => {
    const post = savePost(undefined, draft("Saved without a user"));
    saveAutosave(me, "post", post.id, { title: "Mine" });
    saveAutosave(other, "post", post.id, { title: "Theirs" });
    savePost(post.id, draft("Saved without a user"));
    expect(getAutosave(me, "post", post.id)).toBeUndefined();
    expect(getAutosave(other, "post", post.id)).toBeUndefined();
  });

  it("offers a new post's unsaved copy back by its title, and restores it when asked", () => {
    const at = new Date("2026-05-02T09:30:00Z");
    saveAutosave(me, "post", "new", { title: "  First idea ", excerpt: "Half" }, at);
    const url = new URL("http://x/admin/posts?new");
    const restore = (values: Record<string, string>) => ({ title: values.title ?? "" });
    expect(unsavedWork(me, "post", undefined, url, { title: "" }, restore)).toEqual({
      values: { title: "" },
      unsaved: { at, title: "First idea" },
      restored: false,
      typedOnEarlier: false,
    });
    url.searchParams.set("restore", "");
    expect(unsavedWork(me, "post", undefined, url, { title: "" }, restore)).toEqual({
      values: { title: "  First idea " },
      unsaved: null,
      restored: true,
      // A new post: there is no saved version it could have been typed before.
      typedOnEarlier: false,
    });
  });
});
