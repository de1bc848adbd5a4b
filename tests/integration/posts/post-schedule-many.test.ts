// Many posts due in the same minute (to go live, or to end) are done a few at a time, the scheduler
// running again at once while some are due: thousands due together were rewritten in one run.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { posts } from "#db/schema";
import {
  DUE_A_RUN,
  postSchedulerTask,
  publishDuePosts,
  unpublishDuePosts,
} from "~/features/posts/post-schedule.server";
import { savePost } from "~/features/posts/posts.server";
import { getDb } from "~/platform/db.server";

const MADE = DUE_A_RUN * 2 + 3;
const due = new Date(Date.now() + 3_600_000);
const ids: string[] = [];

beforeAll(() => {
  for (let n = 0; n < MADE; n++) {
    const post = savePost(undefined, {
      title: `Due together ${n}`,
      excerpt: "Goes live on its own.",
      content: "<p>Later</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "scheduled",
      publishAt: due,
    });
    ids.push(post.id);
    // One second apart, the first soonest: the order they go live in.
    getDb()
      .update(posts)
      .set({ publishAt: new Date(due.getTime() + n * 1000) })
      .where(eq(posts.id, post.id))
      .run();
  }
});

it("publishes a run's worth at a time, soonest first, running again at once while some are due", () => {
  const later = new Date(due.getTime() + 3_600_000);
  const task = postSchedulerTask({ now: () => later });
  const first = publishDuePosts(later);
  expect(first.map((post) => post.id)).toEqual(ids.slice(0, DUE_A_RUN));
  expect(task.every instanceof Function && task.every()).toBe(0);
  expect(publishDuePosts(later)).toHaveLength(DUE_A_RUN);
  expect(publishDuePosts(later)).toHaveLength(MADE - 2 * DUE_A_RUN);
  expect(publishDuePosts(later)).toEqual([]);
});

it("takes down a run's worth at a time when they end together", () => {
  const end = new Date(due.getTime() + 7_200_000);
  getDb().update(posts).set({ unpublishAt: end }).where(eq(posts.status, "published")).run();
  const later = new Date(end.getTime() + 60_000);
  expect(unpublishDuePosts(later)).toHaveLength(DUE_A_RUN);
  expect(unpublishDuePosts(later)).toHaveLength(DUE_A_RUN);
  expect(unpublishDuePosts(later).length).toBeGreaterThan(0);
});
