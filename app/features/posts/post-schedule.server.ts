import { and, asc, eq, isNull, lte } from "drizzle-orm";

import { posts } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { runTask, type Task } from "~/platform/tasks.server";

/**
 * The longest the scheduler sleeps: a post scheduled meanwhile by another process, or a clock set
 * forward (timers keep their own time), still goes within seconds. A look is one indexed query.
 */
export const SCHEDULER_MAX_SLEEP_MS = 5_000;

const scheduled = and(eq(posts.status, "scheduled"), isNull(posts.deletedAt));

/**
 * Publishes every scheduled post whose time has come (posts_schedule_idx). A post going live for
 * the first time takes that moment as its date, so it heads the blog like any new post.
 */
export function publishDuePosts(now = new Date()): { id: string; slug: string }[] {
  const published = getDb().transaction((tx) => {
    const due = tx
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        publishedAt: posts.publishedAt,
      })
      .from(posts)
      .where(and(scheduled, lte(posts.publishAt, now)))
      .all();
    for (const post of due) {
      tx.update(posts)
        .set({
          status: "published",
          publishedAt: post.publishedAt ?? now,
          ...(post.publishedAt ? {} : { createdAt: now }),
          updatedAt: now,
        })
        .where(eq(posts.id, post.id))
        .run();
      audit("post.published", `“${post.title}” (scheduled)`, tx);
    }
    return due.map(({ id, slug }) => ({ id, slug }));
  });
  if (published.length) contentChanged("posts");
  return published;
}

/** When the next scheduled post is due, if any. */
export function nextPublishTime(): Date | undefined {
  return (
    getDb()
      .select({ at: posts.publishAt })
      .from(posts)
      .where(scheduled)
      .orderBy(asc(posts.publishAt))
      .limit(1)
      .get()?.at ?? undefined
  );
}

/** A post was scheduled: the scheduler looks again at once. */
export function wakePostScheduler() {
  void runTask("posts");
}

/**
 * Publishes what is due (at start-up: a schedule missed while the site was down), then sleeps until
 * the next post is due, at most `maxSleepMs`. `now` is the clock (tests move it).
 */
export function postSchedulerTask({
  now = () => new Date(),
  maxSleepMs = SCHEDULER_MAX_SLEEP_MS,
}: { now?: () => Date; maxSleepMs?: number } = {}): Task {
  return {
    name: "posts",
    label: "Publishes scheduled posts at their time",
    every: () => {
      const next = nextPublishTime();
      return next ? Math.min(maxSleepMs, Math.max(0, next.getTime() - now().getTime())) : maxSleepMs;
    },
    run: () => {
      for (const post of publishDuePosts(now())) log.info(`Published scheduled post /blog/${post.slug}`);
    },
  };
}
