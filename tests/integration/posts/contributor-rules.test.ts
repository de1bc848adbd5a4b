// A contributor drafts posts and submits them for review; an editor or the owner publishes. The rules
// live in the posts' save (post-rules.server), so the editor's form and /api/blog keep them alike.
import { beforeAll, describe, expect, it } from "vitest";

import { adminHome } from "~/features/admin/index.server";
import type { PostDraft } from "~/features/posts/posts.server";
import { savePost } from "~/features/posts/posts.server";
import type { StaffUser } from "~/features/staff/index.server";
import { createUser } from "~/features/staff/index.server";
import { mayOpen } from "~/platform/http/access";
import { ForbiddenError } from "~/platform/http/errors.server";

let contributor: StaffUser;
let other: StaffUser;
let editor: StaffUser;

const draft = (title: string, extra: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "A short summary.",
  content: "<p>Words</p>",
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "draft",
  ...extra,
});

beforeAll(async () => {
  contributor = await createUser("cara", "contributor-password", { role: "contributor", name: "Cara Walsh" });
  other = await createUser("owen", "contributor-password", { role: "contributor", name: "Owen Daly" });
  editor = await createUser("eve", "editor-password-long", { role: "editor", name: "Eve Byrne" });
});

describe("what each role may open", () => {
  it("opens contributors' routes to everyone on the staff, editors' to editors and the owner, the rest to the owner", () => {
    expect([
      mayOpen("owner", undefined),
      mayOpen("editor", undefined),
      mayOpen("contributor", undefined),
    ]).toEqual([true, false, false]);
    expect([
      mayOpen("owner", "editor"),
      mayOpen("editor", "editor"),
      mayOpen("contributor", "editor"),
    ]).toEqual([true, true, false]);
    expect([
      mayOpen("owner", "contributor"),
      mayOpen("editor", "contributor"),
      mayOpen("contributor", "contributor"),
    ]).toEqual([true, true, true]);
  });
});

describe("a contributor's posts", () => {
  it("saves drafts of their own and submits them for review", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const saved = savePost(undefined, draft("Cara's first draft"), { writer: contributor, now });
    expect(saved).toMatchObject({ status: "draft", authorId: contributor.id, reviewRequestedAt: null });
    const submitted = savePost(saved.id, draft("Cara's first draft", { submitForReview: true }), {
      writer: contributor,
      now,
    });
    expect(submitted.reviewRequestedAt).toEqual(now);
    // A later save keeps the post waiting, from when it was first submitted.
    const again = savePost(saved.id, draft("Cara's first draft, tidied"), {
      writer: contributor,
      now: new Date("2026-11-21T10:00:00Z"),
    });
    expect(again.reviewRequestedAt).toEqual(now);
  });

  it("cannot publish or schedule, and nothing is written when refused", () => {
    expect(() =>
      savePost(undefined, draft("Straight out", { status: "published" }), { writer: contributor }),
    ).toThrow(ForbiddenError);
    expect(() =>
      savePost(
        undefined,
        draft("Later on", { status: "scheduled", publishAt: new Date(Date.now() + 86_400_000) }),
        { writer: contributor },
      ),
    ).toThrow(ForbiddenError);
    const mine = savePost(undefined, draft("Mine to keep"), { writer: contributor });
    expect(() =>
      savePost(mine.id, draft("Mine to keep", { status: "published" }), { writer: contributor }),
    ).toThrow(/submit the post for review/);
    expect(
      adminHome("contributor", new Date(), contributor.id).writing.drafts.map((p) => p.title),
    ).not.toContain("Straight out");
  });

  it("cannot change another's post, nor their own once it has been published", () => {
    const owens = savePost(undefined, draft("Owen's draft"), { writer: other });
    expect(() => savePost(owens.id, draft("Taken over"), { writer: contributor })).toThrow(/someone else's/);
    const editors = savePost(undefined, draft("The editor's draft"), { writer: editor });
    expect(() => savePost(editors.id, draft("Taken over"), { writer: contributor })).toThrow(ForbiddenError);

    const cara = savePost(undefined, draft("Cara's published piece", { submitForReview: true }), {
      writer: contributor,
    });
    savePost(cara.id, draft("Cara's published piece", { status: "published" }), { writer: editor });
    expect(() =>
      savePost(cara.id, draft("Cara's published piece", { status: "draft" }), { writer: contributor }),
    ).toThrow(/has been published/);
  });
});

describe("review", () => {
  it("lists what waits for review on an editor's home, oldest first with its author, until it is published", () => {
    const first = savePost(undefined, draft("Waiting longest", { submitForReview: true }), {
      writer: contributor,
      now: new Date("2026-11-01T09:00:00Z"),
    });
    savePost(undefined, draft("Waiting since yesterday", { submitForReview: true }), {
      writer: other,
      now: new Date("2026-11-26T09:00:00Z"),
    });
    savePost(undefined, draft("Not submitted"), { writer: contributor });

    const waiting = adminHome("editor").writing.reviews;
    const titles = waiting.map((post) => post.title);
    expect(titles.indexOf("Waiting longest")).toBeLessThan(titles.indexOf("Waiting since yesterday"));
    expect(titles).not.toContain("Not submitted");
    expect(waiting.find((post) => post.title === "Waiting longest")?.author).toBe("Cara Walsh");

    const published = savePost(first.id, draft("Waiting longest", { status: "published" }), {
      writer: editor,
    });
    expect(published.reviewRequestedAt).toBeNull();
    expect(adminHome("owner").writing.reviews.map((post) => post.title)).not.toContain("Waiting longest");
  });

  it("shows a contributor only their own drafts, and which of them wait", () => {
    const home = adminHome("contributor", new Date(), other.id);
    expect(home.owner).toBeNull();
    expect(home.writing.reviews.map((post) => post.title)).toEqual(["Waiting since yesterday"]);
    expect(home.writing.drafts.map((post) => post.title)).not.toContain("Not submitted");
  });
});
