import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "#db/client";
import { blogPosts, type BlogPost } from "#db/schema";
import { ConflictError, isUniqueViolation, NotFoundError } from "./errors.server";

export type PostStatus = BlogPost["status"];

export type PostInput = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  coverImage: string | null;
  videoUrl: string | null;
  tags: string[];
  status: PostStatus;
};

const notDeleted = isNull(blogPosts.deletedAt);

/** Published posts, newest first: what the public blog shows. */
export function listPublishedPosts(): BlogPost[] {
  return getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), notDeleted))
    .orderBy(desc(blogPosts.createdAt))
    .all();
}

/** Every post that is not deleted, drafts included, most recently changed first: the admin list. */
export function listAllPosts(): BlogPost[] {
  return getDb()
    .select()
    .from(blogPosts)
    .where(notDeleted)
    .orderBy(desc(blogPosts.updatedAt))
    .all();
}

/** A post by slug; drafts only when asked for (the admin's preview). */
export function getPostBySlug(
  slug: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): BlogPost | undefined {
  const visible = includeDrafts ? notDeleted : and(notDeleted, eq(blogPosts.status, "published"));
  return getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), visible))
    .get();
}

export function getPostById(id: string): BlogPost | undefined {
  return getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), notDeleted))
    .get();
}

function slugTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new ConflictError("A post with this slug already exists", "slug");
  }
  throw error;
}

export function createPost(input: PostInput): BlogPost {
  try {
    return getDb().insert(blogPosts).values(input).returning().get();
  } catch (error) {
    slugTaken(error);
  }
}

export function updatePost(id: string, input: PostInput): BlogPost {
  let updated: BlogPost | undefined;
  try {
    updated = getDb()
      .update(blogPosts)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(blogPosts.id, id), notDeleted))
      .returning()
      .get();
  } catch (error) {
    slugTaken(error);
  }
  if (!updated) throw new NotFoundError("Post not found");
  return updated;
}
