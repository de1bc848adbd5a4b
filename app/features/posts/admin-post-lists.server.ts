import { and, asc, count, desc, eq, gt, isNotNull, isNull, type SQL, sql } from "drizzle-orm";

import { posts } from "#db/schema";
import { getDb } from "~/platform/db.server";

/** Posts a page of the admin's list shows: a few thousand imported posts are many pages, not one. */
export const ADMIN_POSTS_PER_PAGE = 50;

/** What the admin's lists show of a post: never its body, which may be 500 KB. */
const listed = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  status: posts.status,
  excerpt: posts.excerpt,
  tags: posts.tags,
  publishAt: posts.publishAt,
  unpublishAt: posts.unpublishAt,
  endedAt: posts.endedAt,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  reviewRequestedAt: posts.reviewRequestedAt,
  authorId: posts.authorId,
  checkProblems: posts.checkProblems,
};

export type ListedPost = {
  [K in keyof typeof listed]: (typeof posts.$inferSelect)[K];
};

const notDeleted = isNull(posts.deletedAt);

/**
 * One page of /admin/posts, most recently changed first (`problemsOnly`: the posts whose checks found
 * problems), with how many pages there are. A page asked past the last is the last.
 */
export function adminPostsPage({
  problemsOnly = false,
  page = 1,
}: {
  problemsOnly?: boolean;
  page?: number;
}) {
  const db = getDb();
  const where = and(notDeleted, problemsOnly ? gt(posts.checkProblems, 0) : undefined);
  const total = db.select({ n: count() }).from(posts).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_POSTS_PER_PAGE));
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows: ListedPost[] = db
    .select(listed)
    .from(posts)
    .where(where)
    .orderBy(desc(posts.updatedAt), desc(sql`rowid`))
    .limit(ADMIN_POSTS_PER_PAGE)
    .offset((shown - 1) * ADMIN_POSTS_PER_PAGE)
    .all();
  return { rows, total, page: shown, pageCount };
}

/** How many the admin's home names of each kind. */
const HOME_ROWS = 5;

/**
 * The posts the admin's home shows (`authorId`: a contributor's own only): the drafts waiting for
 * review, oldest request first; the latest drafts and how many there are; the next scheduled; the
 * live ones that end soonest. Each is read on its own, titles and times only.
 */
export function homePosts(authorId?: string) {
  const db = getDb();
  const mine = authorId === undefined ? undefined : eq(posts.authorId, authorId);
  const where = (...conditions: (SQL | undefined)[]) => and(notDeleted, mine, ...conditions);
  const draft = eq(posts.status, "draft");
  // A post that ended is a draft again, but not one being written: the home lists it as ended.
  const writingDraft = and(draft, isNull(posts.endedAt));
  const waiting = db
    .select({
      id: posts.id,
      title: posts.title,
      reviewRequestedAt: posts.reviewRequestedAt,
      authorId: posts.authorId,
    })
    .from(posts)
    .where(where(draft, isNotNull(posts.reviewRequestedAt)))
    .orderBy(asc(posts.reviewRequestedAt))
    .all();
  const drafts = db
    .select({ id: posts.id, title: posts.title, updatedAt: posts.updatedAt })
    .from(posts)
    .where(where(writingDraft))
    .orderBy(desc(posts.updatedAt))
    .limit(HOME_ROWS)
    .all();
  const draftCount = db.select({ n: count() }).from(posts).where(where(writingDraft)).get()?.n ?? 0;
  const ended = db
    .select({ id: posts.id, title: posts.title, endedAt: posts.endedAt })
    .from(posts)
    .where(where(draft, isNotNull(posts.endedAt)))
    .orderBy(desc(posts.endedAt))
    .limit(HOME_ROWS)
    .all();
  const scheduled = db
    .select({ id: posts.id, title: posts.title, publishAt: posts.publishAt })
    .from(posts)
    .where(where(eq(posts.status, "scheduled"), isNotNull(posts.publishAt)))
    .orderBy(asc(posts.publishAt))
    .limit(HOME_ROWS)
    .all();
  const ending = db
    .select({ id: posts.id, title: posts.title, unpublishAt: posts.unpublishAt })
    .from(posts)
    .where(where(eq(posts.status, "published"), isNotNull(posts.unpublishAt)))
    .orderBy(asc(posts.unpublishAt))
    .limit(HOME_ROWS)
    .all();
  return {
    waiting: waiting.map((post) => ({ ...post, reviewRequestedAt: post.reviewRequestedAt! })),
    drafts,
    draftCount,
    scheduled: scheduled.map((post) => ({ ...post, publishAt: post.publishAt! })),
    ending: ending.map((post) => ({ ...post, unpublishAt: post.unpublishAt! })),
    ended: ended.map((post) => ({ ...post, endedAt: post.endedAt! })),
  };
}
