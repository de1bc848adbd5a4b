// A post that ends on its own (scheduled unpublish): the end's checks, the minute it leaves every public
// list under a moved clock, an end missed while the site was down, and its audit trail.
import { desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { auditLog, posts } from "#db/schema";
import { postSchedulerTask, unpublishDuePosts } from "~/features/posts/post-schedule.server";
import {
  endedPostAt,
  getPostById,
  getPostBySlug,
  listPublishedPosts,
  type PostDraft,
  savePost,
  searchPublishedPosts,
} from "~/features/posts/posts.server";
import { PostApiSchema } from "~/features/posts/schemas";
import { seedDatabase } from "~/features/seed/index.server";
import { contentVersion, getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";
import { defineTask, startTasks, stopTasks } from "~/platform/tasks.server";

const MINUTE = 60_000;

beforeAll(() => {
  seedDatabase(getDb());
});

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function startPostScheduler(options?: Parameters<typeof postSchedulerTask>[0]) {
  defineTask(postSchedulerTask(options));
  startTasks();
  return () => void stopTasks();
}

const live = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "An offer that ends.",
  content: "<p>Book before Friday.</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["Ending Only Tag"],
  status: "published",
  ...over,
});

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldError ? { field: error.field, message: error.message } : error;
  }
};

const lastAudit = () => getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();

describe("a post's end", () => {
  it("must be in the future and after the post goes live, and a refused end writes nothing", () => {
    const now = new Date("2026-06-01T09:00:00Z");
    expect(
      fieldOf(() => savePost(undefined, live("Ends in the past", { unpublishAt: now }), { now })),
    ).toEqual({
      field: "unpublishAt",
      message: expect.stringContaining("already passed"),
    });
    const goesLive = new Date(now.getTime() + 60 * MINUTE);
    expect(
      fieldOf(() =>
        savePost(
          undefined,
          live("Ends before it starts", {
            status: "scheduled",
            publishAt: goesLive,
            unpublishAt: new Date(goesLive.getTime() - MINUTE),
          }),
          { now },
        ),
      ),
    ).toEqual({ field: "unpublishAt", message: expect.stringContaining("after the post goes live") });
    expect(getPostBySlug("ends-in-the-past", { includeDrafts: true })).toBeUndefined();
    expect(getPostBySlug("ends-before-it-starts", { includeDrafts: true })).toBeUndefined();
  });

  it("is read from the API as an ISO time or null, and where visitors go as a path of this site", () => {
    const base = { title: "T", content: "<p>x</p>" };
    const read = (over: Record<string, unknown>) => PostApiSchema.safeParse({ ...base, ...over });
    expect(read({ unpublishAt: "2026-12-31T23:59:00Z" }).data?.unpublishAt?.toISOString()).toBe(
      "2026-12-31T23:59:00.000Z",
    );
    expect(read({ unpublishAt: null }).data?.unpublishAt).toBeNull();
    expect(read({ unpublishAt: "31/12/2026 23:59" }).data?.unpublishAt?.toISOString()).toBe(
      "2026-12-31T23:59:00.000Z",
    );
    for (const bad of ["tomorrow", "2026-02-30T10:00:00Z", "29/03/2026 01:30", 42, {}, ["2026-12-31"]])
      expect([bad, read({ unpublishAt: bad }).success]).toEqual([bad, false]);
    expect(read({ endRedirect: "/services/seo" }).data?.endRedirect).toBe("/services/seo");
    expect(read({ endRedirect: "" }).data?.endRedirect).toBeNull();
    for (const bad of [
      "https://elsewhere.example/",
      "//elsewhere.example/x",
      "/\\elsewhere.example",
      "blog",
      "/blog\r\nSet-Cookie: x=1",
      "/blog%0d%0aSet-Cookie:x",
      "/a b",
      "javascript:alert(1)",
      `/${"a".repeat(400)}`,
      { __proto__: "/x" },
    ])
      expect([bad, read({ endRedirect: bad }).success]).toEqual([bad, false]);
  });

  it("sends visitors only to a page of this site, kept as a browser reads the address", () => {
    const read = (endRedirect: string) =>
      PostApiSchema.safeParse({ title: "T", content: "<p>x</p>", endRedirect });
    // Each of these is a page of this site only until dot segments are resolved: then another host.
    for (const bad of [
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/x/../..//evil.example",
      "/.//evil.example",
    ])
      expect([bad, read(bad).success]).toEqual([bad, false]);
    // A letter outside ASCII goes in a Location header percent-encoded (as sent, it made a 500).
    expect(read("/ｅvil").data?.endRedirect).toBe("/%EF%BD%85vil");
    expect(read("/services/../blog?tag=seo").data?.endRedirect).toBe("/blog?tag=seo");
  });

  it("never sends visitors to the post's own address, and a refused end writes nothing", () => {
    const end = new Date(Date.now() + 60 * MINUTE);
    for (const own of ["/blog/own-address", "/blog/Own-Address/", "/blog/own-address.md"])
      expect(
        fieldOf(() =>
          savePost(
            undefined,
            live("Own address", { slug: "own-address", unpublishAt: end, endRedirect: own }),
          ),
        ),
      ).toEqual({ field: "endRedirect", message: expect.stringContaining("own address") });
    expect(getPostBySlug("own-address", { includeDrafts: true })).toBeUndefined();
  });

  it("follows a redirect to another ended post, and answers 410 for one that comes back round", () => {
    const ended = (slug: string, endRedirect: string | null) =>
      getDb()
        .insert(posts)
        .values({
          title: slug,
          slug,
          excerpt: "x",
          content: "<p>x</p>",
          status: "draft",
          endedAt: new Date(),
          endRedirect,
        })
        .run();
    ended("loop-a", "/blog/loop-b");
    ended("loop-b", "/blog/loop-a");
    ended("loop-self", "/blog/LOOP-SELF/");
    ended("chain-1", "/blog/chain-2");
    ended("chain-2", "/services/seo");
    ended("to-a-gone-one", "/blog/gone-one");
    ended("gone-one", null);
    ended("kept-before-the-check", "/ｅvil");
    expect(endedPostAt("loop-a")).toEqual({ endRedirect: null });
    expect(endedPostAt("loop-b")).toEqual({ endRedirect: null });
    expect(endedPostAt("loop-self")).toEqual({ endRedirect: null });
    expect(endedPostAt("chain-1")).toEqual({ endRedirect: "/services/seo" });
    expect(endedPostAt("to-a-gone-one")).toEqual({ endRedirect: null });
    expect(endedPostAt("kept-before-the-check")).toEqual({ endRedirect: "/%EF%BD%85vil" });
  });

  it("takes the post off every public list at its minute, on a clock the test moves, and audits it", async () => {
    let clock = Date.now();
    const end = new Date(clock + MINUTE);
    const post = savePost(undefined, live("Weekend offer", { unpublishAt: end, endRedirect: "/contact" }), {
      now: new Date(clock),
    });
    expect(lastAudit()).toMatchObject({ action: "post.end-set" });
    stop = startPostScheduler({ now: () => new Date(clock), maxSleepMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(getPostBySlug(post.slug)?.id).toBe(post.id);
    const version = contentVersion("posts");

    clock += MINUTE;
    await expect.poll(() => getPostById(post.id)?.status, { timeout: 2000 }).toBe("draft");
    expect(contentVersion("posts")).not.toBe(version);
    expect(getPostBySlug(post.slug)).toBeUndefined();
    expect(listPublishedPosts().map((p) => p.id)).not.toContain(post.id);
    expect(searchPublishedPosts({ q: "Weekend offer" }).total).toBe(0);
    expect(searchPublishedPosts({ tag: "Ending Only Tag" }).total).toBe(0);
    expect(endedPostAt(post.slug)).toEqual({ endRedirect: "/contact" });
    expect(getPostById(post.id)).toMatchObject({ unpublishAt: null, endedAt: new Date(clock) });
    expect(lastAudit()).toMatchObject({
      action: "post.ended",
      actor: "system",
      subject: expect.stringContaining("sends visitors to /contact"),
    });
  });

  it("ends a post whose minute passed while the site was down as soon as the scheduler starts", () => {
    const post = savePost(undefined, live("Ended while down"));
    getDb()
      .update(posts)
      .set({ unpublishAt: new Date(Date.now() - 30 * MINUTE) })
      .where(eq(posts.id, post.id))
      .run();
    stop = startPostScheduler();
    expect(getPostById(post.id)).toMatchObject({ status: "draft", endedAt: expect.any(Date) });
    expect(endedPostAt(post.slug)).toEqual({ endRedirect: null });
  });

  it("is live again, and no longer ended, when published again with a new end", () => {
    const now = new Date();
    const post = savePost(undefined, live("Back by demand"));
    getDb()
      .update(posts)
      .set({ unpublishAt: new Date(now.getTime() - 1) })
      .where(eq(posts.id, post.id))
      .run();
    unpublishDuePosts(now);
    expect(endedPostAt(post.slug)).toBeDefined();
    const end = new Date(now.getTime() + 90 * MINUTE);
    const again = savePost(post.id, live("Back by demand", { unpublishAt: end }));
    expect(again).toMatchObject({ status: "published", endedAt: null });
    expect(endedPostAt(post.slug)).toBeUndefined();
    expect(unpublishDuePosts(new Date(end.getTime() - 1))).toEqual([]);
    expect(unpublishDuePosts(end)).toEqual([{ id: post.id, slug: post.slug }]);
  });

  it("never ends a draft or a scheduled post early, and ends a post once", () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60 * MINUTE);
    const scheduled = savePost(
      undefined,
      live("Goes live later", {
        status: "scheduled",
        publishAt: later,
        unpublishAt: new Date(later.getTime() + MINUTE),
      }),
      { now },
    );
    expect(unpublishDuePosts(new Date(later.getTime() + 2 * MINUTE)).map((p) => p.id)).not.toContain(
      scheduled.id,
    );
    expect(getPostById(scheduled.id)?.status).toBe("scheduled");
  });
});
