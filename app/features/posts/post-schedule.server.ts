import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";

import { posts } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { runTask, type Task } from "~/platform/tasks.server";

import { countMarkedPosts, postAddressesChanged } from "./post-checks.server";

/**
 * The longest the scheduler sleeps: a post scheduled meanwhile by another process, or a clock set
 * forward (timers keep their own time), still goes within seconds. A look is one indexed query.
 */
export const SCHEDULER_MAX_SLEEP_MS = 5_000;

const scheduled = and(eq(posts.status, "scheduled"), isNull(posts.deletedAt));

/**
 * The most posts one run publishes or takes down: each is rewritten whole (a body of up to 500 KB), so
 * thousands due in the same minute held the server in one run. The scheduler runs again at once while
 * some are due (nextPublishTime is then in the past), giving the event loop back in between.
 */
export const DUE_A_RUN = 50;

/**
 * Publishes up to DUE_A_RUN scheduled posts whose time has come, soonest first (posts_schedule_idx). A post going live for
 * the first time takes that moment as its date, so it heads the blog like any new post.
 */
export function publishDuePosts(now = new Date()): { id: string; slug: string }[] {
  const dueBy = and(scheduled, lte(posts.publishAt, now));
  // A read first: the write lock is asked for only when something is due (another process may hold it).
  if (!getDb().select({ id: posts.id }).from(posts).where(dueBy).limit(1).get()) return [];
  const published = getDb().transaction((tx) => {
    const due = tx
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        publishedAt: posts.publishedAt,
      })
      .from(posts)
      .where(dueBy)
      .orderBy(asc(posts.publishAt))
      .limit(DUE_A_RUN)
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
    if (due.length) postAddressesChanged(tx);
    return due.map(({ id, slug }) => ({ id, slug }));
  });
  if (published.length) {
    contentChanged("posts");
    void countMarkedPosts();
  }
  return published;
}

const ending = and(eq(posts.status, "published"), isNull(posts.deletedAt), isNotNull(posts.unpublishAt));

/**
 * Takes down up to DUE_A_RUN live posts whose end has come, soonest first (posts_end_idx): each becomes a draft that has ended
 * (`endedAt`), so it leaves the blog, the feed, the sitemap and search, and its address answers 410 or
 * redirects to the page the owner chose. An end missed while the site was down is done at start-up.
 */
export function unpublishDuePosts(now = new Date()): { id: string; slug: string }[] {
  const endedBy = and(ending, lte(posts.unpublishAt, now));
  if (!getDb().select({ id: posts.id }).from(posts).where(endedBy).limit(1).get()) return [];
  const ended = getDb().transaction((tx) => {
    const due = tx
      .select({ id: posts.id, slug: posts.slug, title: posts.title, endRedirect: posts.endRedirect })
      .from(posts)
      .where(endedBy)
      .orderBy(asc(posts.unpublishAt))
      .limit(DUE_A_RUN)
      .all();
    for (const post of due) {
      tx.update(posts)
        .set({ status: "draft", unpublishAt: null, endedAt: now, updatedAt: now })
        .where(eq(posts.id, post.id))
        .run();
      const then = post.endRedirect
        ? `its address sends visitors to ${post.endRedirect}`
        : "its address answers 410 Gone";
      audit("post.ended", `“${post.title}” left the site at its end; ${then}`, tx);
    }
    if (due.length) postAddressesChanged(tx);
    return due.map(({ id, slug }) => ({ id, slug }));
  });
  if (ended.length) {
    contentChanged("posts");
    void countMarkedPosts();
  }
  return ended;
}

/** When the next scheduled post is due, or the next live post ends, if any. */
export function nextPublishTime(): Date | undefined {
  const db = getDb();
  const publish = db
    .select({ at: posts.publishAt })
    .from(posts)
    .where(scheduled)
    .orderBy(asc(posts.publishAt))
    .limit(1)
    .get()?.at;
  const end = db
    .select({ at: posts.unpublishAt })
    .from(posts)
    .where(ending)
    .orderBy(asc(posts.unpublishAt))
    .limit(1)
    .get()?.at;
  const times = [publish, end].filter((at): at is Date => Boolean(at));
  return times.length ? new Date(Math.min(...times.map((at) => at.getTime()))) : undefined;
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
    label: "Publishes scheduled posts at their time, and takes down posts at their end",
    every: () => {
      const next = nextPublishTime();
      return next ? Math.min(maxSleepMs, Math.max(0, next.getTime() - now().getTime())) : maxSleepMs;
    },
    run: () => {
      for (const post of publishDuePosts(now())) log.info(`Published scheduled post /blog/${post.slug}`);
      for (const post of unpublishDuePosts(now())) log.info(`Took down ended post /blog/${post.slug}`);
    },
  };
}
