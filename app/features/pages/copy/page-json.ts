import type { PageListed, PageRead } from "./page-copy.server";

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

/** One page as /api/pages/{key} answers it: its fields as published, and the draft to staff. */
export function pageJson(page: PageRead) {
  return {
    ...pageListedJson(page),
    published: page.published,
    ...("draft" in page && { draft: page.draft ?? null }),
  };
}
