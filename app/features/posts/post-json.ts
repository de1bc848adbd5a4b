import type { Post } from "#db/schema";
import type { Revision, RevisionSummary } from "~/features/editor/index.server";

/**
 * A post as /api/blog answers it. Every field is named here, so a column added to the table stays out
 * of the public answer until someone decides it belongs in it (and lists it in docs/product.md).
 */
export function postJson(post: Post) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    videoUrl: post.videoUrl,
    tags: post.tags,
    status: post.status,
    coverAlt: post.coverAlt,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    socialImage: post.socialImage,
    publishAt: post.publishAt,
    unpublishAt: post.unpublishAt,
    endedAt: post.endedAt,
    endRedirect: post.endRedirect,
    publishedAt: post.publishedAt,
    reviewRequestedAt: post.reviewRequestedAt,
    authorId: post.authorId,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    deletedAt: post.deletedAt,
  };
}

/** One line of a post's revision list (GET /api/blog/{id}/revisions). */
export function postRevisionSummaryJson(revision: RevisionSummary) {
  return {
    id: revision.id,
    createdAt: revision.createdAt,
    title: revision.title,
    slug: revision.slug,
    status: revision.status,
    author: revision.author,
  };
}

/** One revision of a post with its saved fields (GET /api/blog/{id}/revisions/{revisionId}). */
export function postRevisionJson(postId: string, revision: Revision) {
  return {
    id: revision.id,
    postId,
    createdAt: revision.createdAt,
    snapshot: revision.snapshot,
    author: revision.author,
  };
}
