import { and, asc, eq, isNull, lte } from "drizzle-orm";

import { blogPosts } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";

/**
 * The longest the scheduler sleeps: a post scheduled meanwhile by another process, or a clock set
 * forward (timers keep their own time), still goes within seconds. A look is one indexed query.
 */
export const SCHEDULER_MAX_SLEEP_MS = 5_000;

const scheduled = and(eq(blogPosts.status, "scheduled"), isNull(blogPosts.deletedAt));

/**
 * Publishes every scheduled post whose time has come (blog_posts_schedule_idx). A post going live for
 * the first time takes that moment as its date, so it heads the blog like any new post.
 */
export function publishDuePosts(now = new Date()): { id: string; slug: string }[] {
  const published = getDb().transaction((tx) => {
    const due = tx
      .select({
        id: blogPosts.id,
        slug: blogPosts.slug,
        title: blogPosts.title,
        publishedAt: blogPosts.publishedAt,
      })
      .from(blogPosts)
      .where(and(scheduled, lte(blogPosts.publishAt, now)))
      .all();
    for (const post of due) {
      tx.update(blogPosts)
        .set({
          status: "published",
          publishedAt: post.publishedAt ?? now,
          ...(post.publishedAt ? {} : { createdAt: now }),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, post.id))
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
      .select({ at: blogPosts.publishAt })
      .from(blogPosts)
      .where(scheduled)
      .orderBy(asc(blogPosts.publishAt))
      .limit(1)
      .get()?.at ?? undefined
  );
}

let wake: (() => void) | undefined;

/** A post was scheduled: the running scheduler (if any) looks again at once. */
export function wakePostScheduler() {
  wake?.();
}

/**
 * Publishes what is due now (a schedule missed while the site was down), then sleeps until the next
 * post is due (at most SCHEDULER_MAX_SLEEP_MS) and does it again. Returns what stops it.
 */
export function startPostScheduler({
  now = () => new Date(),
  maxSleepMs = SCHEDULER_MAX_SLEEP_MS,
}: { now?: () => Date; maxSleepMs?: number } = {}): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    clearTimeout(timer);
    if (stopped) return;
    let sleep = maxSleepMs;
    try {
      const published = publishDuePosts(now());
      for (const post of published) log.info(`Published scheduled post /blog/${post.slug}`);
      const next = nextPublishTime();
      if (next) sleep = Math.min(maxSleepMs, Math.max(0, next.getTime() - now().getTime()));
    } catch (error) {
      log.error({ err: error }, "Publishing scheduled posts failed; trying again shortly");
    }
    timer = setTimeout(tick, sleep);
    timer.unref();
  };
  wake = tick;
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (wake === tick) wake = undefined;
  };
}
