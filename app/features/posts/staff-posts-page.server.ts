import { and, count, desc, eq, isNull, sql } from "drizzle-orm";

import { type Post, posts } from "#db/schema";
import { getDb } from "~/platform/db.server";

/**
 * A page of every post (drafts and scheduled too, `status` if given), most recently changed first, with
 * how many there are: the staff's GET /api/blog. Only the page is read: a post may hold a 500 KB body,
 * so reading them all for a page of 50 would not stay bounded.
 */
export function staffPostsPage({
  status,
  limit,
  offset,
}: {
  status?: Post["status"];
  limit: number;
  offset: number;
}): { rows: Post[]; total: number } {
  const db = getDb();
  const where = and(isNull(posts.deletedAt), status ? eq(posts.status, status) : undefined);
  const rows = db
    .select()
    .from(posts)
    .where(where)
    // Made last first among those changed in the same millisecond: the pages never overlap.
    .orderBy(desc(posts.updatedAt), desc(sql`rowid`))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(posts).where(where).get()?.n ?? 0;
  return { rows, total };
}
