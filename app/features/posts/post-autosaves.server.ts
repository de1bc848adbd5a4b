import { and, eq, isNull } from "drizzle-orm";

import { postAutosaves,posts } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

/** The editor's unsaved work for one post: its fields exactly as typed. */
export type AutosaveValues = Record<string, string>;
export type Autosave = { values: AutosaveValues; updatedAt: Date };

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** "new" (a post not created yet) or the id of a post that exists. */
function requirePostKey(postKey: string) {
  if (postKey === "new") return;
  const post = getDb()
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postKey), isNull(posts.deletedAt)))
    .get();
  if (!post) throw new NotFoundError("Post not found");
}

/** Keeps (replaces) the admin's unsaved work on a post; the schema has already bounded its size. */
export function saveAutosave(
  userId: string,
  postKey: string,
  values: AutosaveValues,
  now = new Date(),
): Autosave {
  requirePostKey(postKey);
  getDb()
    .insert(postAutosaves)
    .values({ userId, postKey, values, updatedAt: now })
    .onConflictDoUpdate({
      target: [postAutosaves.userId, postAutosaves.postKey],
      set: { values, updatedAt: now },
    })
    .run();
  return { values, updatedAt: now };
}

export function getAutosave(userId: string, postKey: string): Autosave | undefined {
  const row = getDb()
    .select({ values: postAutosaves.values, updatedAt: postAutosaves.updatedAt })
    .from(postAutosaves)
    .where(and(eq(postAutosaves.userId, userId), eq(postAutosaves.postKey, postKey)))
    .get();
  return row && { values: row.values as AutosaveValues, updatedAt: row.updatedAt };
}

/** Whether there was unsaved work to discard. */
export function discardAutosave(userId: string, postKey: string): boolean {
  return (
    getDb()
      .delete(postAutosaves)
      .where(and(eq(postAutosaves.userId, userId), eq(postAutosaves.postKey, postKey)))
      .run().changes > 0
  );
}

/**
 * Inside a save's transaction: the saved post supersedes the admin's unsaved work on it. Without
 * the admin known, every autosave of that post goes (a new post's cannot be told apart, so it stays).
 */
export function discardAutosaveIn(
  tx: Tx,
  { userId, postKey, postId }: { userId?: string; postKey: string; postId?: string },
) {
  if (userId) {
    tx.delete(postAutosaves)
      .where(and(eq(postAutosaves.userId, userId), eq(postAutosaves.postKey, postKey)))
      .run();
  } else if (postId) {
    tx.delete(postAutosaves).where(eq(postAutosaves.postKey, postId)).run();
  }
}
