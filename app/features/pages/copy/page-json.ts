import type { PageListed, PageRead } from "./page-copy.server";
import type { PageRevision } from "./page-revisions.server";

/** A page as /api/pages lists it. */
export function pageListedJson(page: PageListed) {
  return {
    key: page.key,
    kind: page.kind,
    title: page.title,
    state: page.state,
    hidden: page.hidden,
    publishedAt: page.publishedAt.toISOString(),
    draftSavedAt: page.draftSavedAt?.toISOString() ?? null,
  };
}

/**
 * One page as /api/pages/{key} answers it: its fields as published; to staff, also its state and the
 * draft (a visitor is not told that a draft waits, nor when it was saved).
 */
export function pageJson(page: PageRead) {
  if (!("draft" in page)) {
    const { key, kind, title, publishedAt, published } = page;
    return { key, kind, title, publishedAt: publishedAt.toISOString(), published };
  }
  return { ...pageListedJson(page), published: page.published, draft: page.draft ?? null };
}

/** An earlier published version as /api/pages/{key}/revisions lists it. */
export function pageRevisionJson(revision: PageRevision) {
  return {
    id: revision.id,
    publishedAt: revision.publishedAt.toISOString(),
    publishedBy: revision.publishedBy,
    copy: revision.copy,
  };
}
