import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { postSchedulerTask, publishDuePosts } from "~/features/posts/post-schedule.server";
import {
  getPostById,
  getPostBySlug,
  listPublishedPosts,
  listPublishedTags,
  listRelatedPosts,
  type PostDraft,
  savePost,
  searchPublishedPosts,
} from "~/features/posts/posts.server";
import { seedDatabase } from "~/features/seed/index.server";
import { contentVersion, getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";
import { defineTask, startTasks, stopTasks } from "~/platform/tasks.server";

/** The scheduler as the server runs it, through the task registry; returns its stop. */
function startPostScheduler(options?: Parameters<typeof postSchedulerTask>[0]) {
  defineTask(postSchedulerTask(options));
  startTasks();
  return () => void stopTasks();
}

beforeAll(() => {
  seedDatabase(getDb());
});

const MINUTE = 60_000;
const draft = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "Goes live on its own.",
  content: "<p>Later</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["Scheduled Only Tag"],
  status: "scheduled",
  ...over,
});

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldError ? { field: error.field, message: error.message } : error;
  }
};

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("scheduling a post", () => {
  it("needs a publish time in the future", () => {
    const now = new Date("2026-06-01T09:00:00Z");
    expect(fieldOf(() => savePost(undefined, draft("No time"), { now }))).toEqual({
      field: "publishAt",
      message: "Choose the date and time (Dublin time) when the post should go live",
    });
    expect(fieldOf(() => savePost(undefined, draft("Past", { publishAt: now }), { now }))).toMatchObject({
      field: "publishAt",
      message: expect.stringContaining("already passed"),
    });
    expect(getPostBySlug("past", { includeDrafts: true })).toBeUndefined();
  });

  it("is a draft to every public surface until its time, then goes live once", () => {
    const now = new Date(Date.now() + 10 * MINUTE);
    const at = new Date(now.getTime() + MINUTE);
    const post = savePost(undefined, draft("Scheduled for later", { publishAt: at }), { now });
    expect(post).toMatchObject({ status: "scheduled", publishedAt: null });
    expect(post.publishAt?.getTime()).toBe(at.getTime());

    const hidden = () => {
      expect(getPostBySlug(post.slug)).toBeUndefined();
      expect(listPublishedPosts().map((p) => p.id)).not.toContain(post.id);
      expect(searchPublishedPosts({ q: "Scheduled for later" }).total).toBe(0);
      expect(searchPublishedPosts({ tag: "Scheduled Only Tag" }).total).toBe(0);
      expect(listPublishedTags()).not.toContain("Scheduled Only Tag");
      expect(
        listRelatedPosts({ id: "none", tags: ["Scheduled Only Tag"] }, 50).map((p) => p.id),
      ).not.toContain(post.id);
    };
    hidden();
    expect(publishDuePosts(new Date(at.getTime() - 1))).toEqual([]);
    hidden();

    const version = contentVersion("posts");
    expect(publishDuePosts(at)).toEqual([{ id: post.id, slug: post.slug }]);
    expect(contentVersion("posts")).not.toBe(version);
    const live = getPostById(post.id)!;
    expect(live).toMatchObject({ status: "published" });
    expect(live.publishedAt?.getTime()).toBe(at.getTime());
    // It heads the blog as a new post does.
    expect(live.createdAt.getTime()).toBe(at.getTime());
    expect(getPostBySlug(post.slug)?.id).toBe(post.id);
    expect(listPublishedTags()).toContain("Scheduled Only Tag");
    expect(publishDuePosts(new Date(at.getTime() + MINUTE))).toEqual([]);
  });

  it("publishes a schedule missed while the site was down as soon as the scheduler starts", () => {
    const saved = new Date(Date.now() - 60 * MINUTE);
    const post = savePost(
      undefined,
      draft("Missed while down", { publishAt: new Date(saved.getTime() + MINUTE) }),
      {
        now: saved,
      },
    );
    stop = startPostScheduler();
    expect(getPostById(post.id)?.status).toBe("published");
  });

  it("publishes at the due time without anyone asking, on a clock the test moves", async () => {
    let clock = Date.now();
    stop = startPostScheduler({ now: () => new Date(clock), maxSleepMs: 50 });
    const post = savePost(undefined, draft("On its own", { publishAt: new Date(clock + MINUTE) }), {
      now: new Date(clock),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(getPostById(post.id)?.status).toBe("scheduled");
    clock += MINUTE;
    await expect.poll(() => getPostById(post.id)?.status, { timeout: 2000 }).toBe("published");
    expect(getPostBySlug(post.slug)?.id).toBe(post.id);
  });

  it("stops cleanly: nothing is published after stop", async () => {
    let clock = Date.now();
    const halt = startPostScheduler({ now: () => new Date(clock), maxSleepMs: 20 });
    const post = savePost(undefined, draft("After the stop", { publishAt: new Date(clock + MINUTE) }), {
      now: new Date(clock),
    });
    halt();
    clock += 2 * MINUTE;
    await new Promise((r) => setTimeout(r, 150));
    expect(getPostById(post.id)?.status).toBe("scheduled");
  });

  it("turns back into a draft, or is published by hand, like any post", () => {
    const now = new Date();
    const post = savePost(
      undefined,
      draft("Changed my mind", { publishAt: new Date(now.getTime() + MINUTE) }),
    );
    const kept = savePost(post.id, draft("Changed my mind", { status: "draft", publishAt: post.publishAt }));
    expect(kept).toMatchObject({ status: "draft", publishedAt: null });
    const live = savePost(
      post.id,
      draft("Changed my mind", { status: "published", publishAt: post.publishAt }),
    );
    expect(live).toMatchObject({ status: "published", publishAt: null });
    expect(live.publishedAt).toBeInstanceOf(Date);
  });
});
