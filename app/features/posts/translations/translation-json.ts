import type { Post, PostTranslation } from "#db/schema";

import { stateOf } from "./translation-state";

/**
 * A post's translation as /api/blog answers it: its source (`translationOf`), language and state beside
 * its own words. Every field is named here, as for a post.
 */
export function postTranslationJson(translation: PostTranslation, source: Pick<Post, "updatedAt">) {
  return {
    id: translation.id,
    translationOf: translation.postId,
    lang: translation.lang,
    state: stateOf(translation, source),
    title: translation.title,
    slug: translation.slug,
    excerpt: translation.excerpt,
    content: translation.content,
    tags: translation.tags,
    status: translation.status,
    seoTitle: translation.seoTitle,
    seoDescription: translation.seoDescription,
    publishedAt: translation.publishedAt,
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
  };
}
