import type { Post } from "#db/schema";
import { mayPublish, type Role } from "~/platform/http/access";
import { ForbiddenError } from "~/platform/http/errors.server";

/** Who is saving a post: their role decides what they may do to it. */
export type Writer = { id: string; role: Role };

export const CONTRIBUTORS_DRAFT =
  "Contributors save drafts: submit the post for review and an editor or the owner publishes or schedules it";
export const NOT_YOUR_POST =
  "This post is someone else's: a contributor changes only the drafts they wrote themselves";
export const ALREADY_LIVE = "This post has been published: only an editor or the owner changes it now";

/**
 * Whether `writer` may save `draft` over `before` (none: a new post). Editors and the owner may do
 * anything; a contributor only writes drafts of their own that have never been live, as WordPress's
 * contributors do. Checked inside the save's transaction, so a post published meanwhile is refused.
 */
export function checkWriter(writer: Writer | undefined, before: Post | undefined, status: Post["status"]) {
  if (!writer || mayPublish(writer.role)) return;
  if (status !== "draft") throw new ForbiddenError(CONTRIBUTORS_DRAFT, "status");
  const refusal = before && refusalToEdit(writer, before);
  if (refusal) throw new ForbiddenError(refusal);
}

/** Why `writer` may not change `post` at all, or nothing (a contributor: their own never-live drafts). */
export function refusalToEdit(
  writer: Writer,
  post: Pick<Post, "authorId" | "status" | "publishedAt">,
): string | undefined {
  if (mayPublish(writer.role)) return undefined;
  if (post.authorId !== writer.id) return NOT_YOUR_POST;
  if (post.status !== "draft" || post.publishedAt) return ALREADY_LIVE;
  return undefined;
}

/**
 * When the post waits for review after this save: asked now, or still waiting while it stays a draft;
 * going live or being scheduled answers the request.
 */
export function reviewRequestedAfter(
  before: Post | undefined,
  status: Post["status"],
  submitForReview: boolean,
  now: Date,
): Date | null {
  if (status !== "draft") return null;
  if (submitForReview) return before?.reviewRequestedAt ?? now;
  return before?.reviewRequestedAt ?? null;
}
