import { and, desc, eq, notInArray, sql } from "drizzle-orm";

import { type Post, postRevisions, posts, users } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

/** Revisions kept per post: the oldest go first. */
export const MAX_REVISIONS = 50;

/** A post's editable fields as saved; dates as ISO strings (the snapshot is JSON). */
export type PostSnapshot = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  coverImage: string | null;
  coverAlt: string | null;
  videoUrl: string | null;
  tags: string[];
  status: Post["status"];
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  publishAt: string | null;
};

export function snapshotOf(post: Post): PostSnapshot {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    coverAlt: post.coverAlt,
    videoUrl: post.videoUrl,
    tags: post.tags,
    status: post.status,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    socialImage: post.socialImage,
    publishAt: post.publishAt?.toISOString() ?? null,
  };
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

// Two saves in one millisecond keep their order by insertion.
const newestFirst = [desc(postRevisions.createdAt), desc(sql`${postRevisions}.rowid`)];

/**
 * Keeps the post as just saved (inside the save's transaction). The first revision of a post also
 * keeps the state before that save, so the admin can go back to it.
 */
export function recordRevisionIn(
  tx: Tx,
  { before, after, authorId, now }: { before?: Post; after: Post; authorId?: string; now: Date },
) {
  const postId = after.id;
  const hasAny = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .get();
  if (!hasAny && before) {
    const at = new Date(Math.min(before.updatedAt.getTime(), now.getTime()));
    tx.insert(postRevisions)
      .values({ postId, snapshot: snapshotOf(before), authorId: null, createdAt: at })
      .run();
  }
  tx.insert(postRevisions)
    .values({ postId, snapshot: snapshotOf(after), authorId: authorId ?? null, createdAt: now })
    .run();
  const kept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .limit(MAX_REVISIONS);
  tx.delete(postRevisions)
    .where(and(eq(postRevisions.postId, postId), notInArray(postRevisions.id, kept)))
    .run();
}

export type RevisionSummary = {
  id: string;
  createdAt: Date;
  title: string;
  slug: string;
  status: Post["status"];
  author: string | null;
};

function requirePost(postId: string) {
  const post = getDb()
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), sql`${posts.deletedAt} is null`))
    .get();
  if (!post) throw new NotFoundError("Post not found");
}

/** A post's revisions, newest first (NotFoundError for an unknown post). */
export function listRevisions(postId: string): RevisionSummary[] {
  requirePost(postId);
  return getDb()
    .select({
      id: postRevisions.id,
      createdAt: postRevisions.createdAt,
      snapshot: postRevisions.snapshot,
      author: users.username,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(...newestFirst)
    .all()
    .map(({ id, createdAt, snapshot, author }) => {
      const s = snapshot as PostSnapshot;
      return { id, createdAt, title: s.title, slug: s.slug, status: s.status, author: author ?? null };
    });
}

export type Revision = {
  id: string;
  postId: string;
  createdAt: Date;
  author: string | null;
  snapshot: PostSnapshot;
};

/** One revision of a post with its snapshot (NotFoundError for an unknown post or revision). */
export function getRevision(postId: string, revisionId: string): Revision {
  requirePost(postId);
  const row = getDb()
    .select({
      id: postRevisions.id,
      postId: postRevisions.postId,
      createdAt: postRevisions.createdAt,
      snapshot: postRevisions.snapshot,
      author: users.username,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
    .get();
  if (!row) throw new NotFoundError("Revision not found");
  return { ...row, author: row.author ?? null, snapshot: row.snapshot as PostSnapshot };
}
