import { and, eq, isNull } from "drizzle-orm";

import { type Post, posts, postTags } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import {
  checkEnd,
  checkEndRedirect,
  type EditedType,
  getRevision,
  saveEdited,
  type SaveOptions,
} from "~/features/editor/index.server";
import { shareAltText } from "~/features/media/index.server";
import { queueArtwork } from "~/features/social-cards/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, getDb, type Tx } from "~/platform/db.server";
import { FieldError, NotFoundError } from "~/platform/http/errors.server";
import { excerptFromBody } from "~/platform/text/excerpt";
import { checkBody, sanitizePostHtml } from "~/platform/text/sanitize.server";

import {
  addressChanged,
  countMarkedPosts,
  postAddressesChanged,
  recordPostChecks,
} from "./post-checks.server";
import { postSlugIn } from "./post-end";
import { checkWriter, reviewRequestedAfter, type Writer } from "./post-rules.server";
import { wakePostScheduler } from "./post-schedule.server";

export type PostStatus = Post["status"];

/** What the admin writes (the editor's form and the API share it); optional fields empty → null. */
export type PostDraft = {
  title: string;
  /** Given: the post's address (normalised). Absent: the title's while never published, else unchanged. */
  slug?: string | null;
  /** Empty: made from the body's first words (excerptFromBody). */
  excerpt: string;
  content: string;
  coverImage: string | null;
  videoUrl: string | null;
  tags: string[];
  status: PostStatus;
  coverAlt?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  socialImage?: string | null;
  /** Required, and in the future, with status "scheduled". */
  publishAt?: Date | null;
  /** When the post leaves the site on its own: in the future, and after publishAt when scheduled. */
  unpublishAt?: Date | null;
  /** Where its address sends visitors once it has ended (a path of this site); null: 410 Gone. */
  endRedirect?: string | null;
  /** Asks an editor or the owner to publish it (a contributor's "Submit for review"). */
  submitForReview?: boolean;
};

/** The editor's save options, and who saves (their role decides what they may do: post-rules). */
export type PostSaveOptions = SaveOptions & { writer?: Writer };

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
  status: PostStatus;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  publishAt: string | null;
  unpublishAt?: string | null;
  endRedirect?: string | null;
};

/** When a post first went live (a row written before publishedAt existed, e.g. seeded, by its date). */
const wentLive = (post: Post | undefined) =>
  post?.publishedAt ?? (post?.status === "published" ? post.createdAt : null);

function checkSchedule(draft: PostDraft, now: Date) {
  checkEnd(draft, now, "post");
  if (draft.status !== "scheduled") return;
  if (!draft.publishAt)
    throw new FieldError("publishAt", "Choose the date and time (Dublin time) when the post should go live");
  if (draft.publishAt.getTime() <= now.getTime())
    throw new FieldError(
      "publishAt",
      "That time has already passed: choose a date and time in the future, or publish the post now",
    );
}

/** Rows a statement is given at a time: SQLite takes at most 32,766 values in one (two a row here). */
const TAG_ROWS_A_STATEMENT = 500;

/**
 * Writes a post's tags (repeats once), in statements of a bounded size: an imported post may carry
 * tens of thousands, more than one statement takes.
 */
export function insertPostTags(tx: Pick<Tx, "insert">, postId: string, tags: string[]) {
  const rows = [...new Set(tags)].map((tag) => ({ postId, tag }));
  for (let at = 0; at < rows.length; at += TAG_ROWS_A_STATEMENT)
    tx.insert(postTags)
      .values(rows.slice(at, at + TAG_ROWS_A_STATEMENT))
      .run();
}

/** Going live, being scheduled or taken down is recorded in the audit log, with the save. */
function auditStatusChange(tx: Tx, was: Post["status"] | undefined, post: Post) {
  if (was === post.status) return;
  const subject = `“${post.title}”`;
  if (post.status === "published") audit("post.published", subject, tx);
  else if (post.status === "scheduled")
    audit("post.scheduled", `${subject} for ${post.publishAt?.toISOString() ?? ""}`, tx);
  else if (was) audit("post.unpublished", subject, tx);
}

/** An end chosen, moved or taken away is recorded in the audit log, with the save. */
function auditEndChange(tx: Tx, before: Post | undefined, post: Post) {
  const was = before?.unpublishAt?.getTime() ?? null;
  const now = post.unpublishAt?.getTime() ?? null;
  if (was === now) return;
  if (post.unpublishAt)
    audit(
      "post.end-set",
      `“${post.title}” ends ${post.unpublishAt.toISOString()}, then ${post.endRedirect ? `sends visitors to ${post.endRedirect}` : "answers 410 Gone"}`,
      tx,
    );
  else audit("post.end-set", `“${post.title}” no longer ends`, tx);
}

/** A post's editable fields as saved; dates as ISO strings (the snapshot is JSON). */
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
    unpublishAt: post.unpublishAt?.toISOString() ?? null,
    endRedirect: post.endRedirect,
  };
}

/** How the editor keeps a post. */
const postType: EditedType<Post, PostDraft> = {
  kind: "post",
  noun: "post",
  prefix: "/blog/",
  find: (tx, id) =>
    tx
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
      .get(),
  wentLive,
  write(tx, { before, draft, slug, now, authorId }) {
    checkEndRedirect(draft, slug, postSlugIn, "post");
    const fields = {
      title: draft.title,
      slug,
      excerpt: draft.excerpt,
      content: sanitizePostHtml(draft.content),
      coverImage: draft.coverImage,
      videoUrl: draft.videoUrl,
      tags: draft.tags,
      status: draft.status,
      coverAlt: draft.coverAlt ?? null,
      seoTitle: draft.seoTitle ?? null,
      seoDescription: draft.seoDescription ?? null,
      socialImage: draft.socialImage ?? null,
      // A live post has no pending schedule; a draft may keep the time chosen for it.
      publishAt: draft.status === "published" ? null : (draft.publishAt ?? null),
      unpublishAt: draft.unpublishAt ?? null,
      endRedirect: draft.endRedirect ?? null,
      // Live again: it has not ended (yet).
      endedAt: draft.status === "draft" ? (before?.endedAt ?? null) : null,
      publishedAt: wentLive(before) ?? (draft.status === "published" ? now : null),
      reviewRequestedAt: reviewRequestedAfter(before, draft.status, draft.submitForReview ?? false, now),
    };
    shareAltText(tx, fields.content, [{ url: fields.coverImage, alt: fields.coverAlt }]);
    const post = before
      ? tx
          .update(posts)
          .set({ ...fields, updatedAt: now })
          .where(eq(posts.id, before.id))
          .returning()
          .get()!
      : tx
          .insert(posts)
          .values({ ...fields, authorId: authorId ?? null, createdAt: now, updatedAt: now })
          .returning()
          .get();
    tx.delete(postTags).where(eq(postTags.postId, post.id)).run();
    insertPostTags(tx, post.id, draft.tags);
    if (addressChanged(before, post)) postAddressesChanged(tx);
    return recordPostChecks(tx, post, before?.title);
  },
  snapshotOf,
  audit: (tx, before, post) => {
    auditStatusChange(tx, before?.status, post);
    auditEndChange(tx, before, post);
  },
  saved(post) {
    contentChanged("posts");
    void queueArtwork("blog", post.id);
    refreshSocialCard("post", post.id);
    if (post.status === "scheduled" || post.unpublishAt) wakePostScheduler();
    void countMarkedPosts();
  },
};

/**
 * Saves what the admin wrote (the editor's one save: the post and its tags, the old address as a
 * redirect, a revision once the post has been live, the admin's autosave discarded). Bad input is a
 * FieldError (slug, title, publishAt), a taken address a ConflictError, what the writer's role may
 * not do a ForbiddenError (post-rules).
 */
export function savePost(id: string | undefined, draft: PostDraft, options: PostSaveOptions = {}): Post {
  const { writer, ...saveOptions } = options;
  const now = options.now ?? new Date();
  checkSchedule(draft, now);
  checkBody("content", "Content", draft.content);
  const excerpt = draft.excerpt.trim() || excerptFromBody(sanitizePostHtml(draft.content));
  if (!excerpt) throw new FieldError("excerpt", "Write an excerpt, or a body to make one from");
  const type: EditedType<Post, PostDraft> = {
    ...postType,
    write(tx, save) {
      checkWriter(writer, save.before, save.draft.status);
      return postType.write(tx, save);
    },
  };
  return saveEdited(type, id, { ...draft, excerpt }, { userId: writer?.id, ...saveOptions, now });
}

/**
 * Puts a revision's words, images, tags and search fields back (a save like any other, so it keeps a
 * revision too). The address, the status and the schedule stay as they are now: restoring old words
 * must not move or unpublish a live post.
 */
export function restoreRevision(postId: string, revisionId: string, options: PostSaveOptions = {}): Post {
  const { snapshot } = getRevision<PostSnapshot>("post", postId, revisionId);
  const current = getDb()
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .get();
  if (!current) throw new NotFoundError("Post not found");
  const now = options.now ?? new Date();
  const scheduleGone = current.status === "scheduled" && (current.publishAt?.getTime() ?? 0) <= now.getTime();
  return savePost(
    postId,
    {
      ...snapshot,
      slug: current.slug,
      status: scheduleGone ? "draft" : current.status,
      publishAt: current.publishAt,
      unpublishAt: current.unpublishAt,
      endRedirect: current.endRedirect,
    },
    options,
  );
}
