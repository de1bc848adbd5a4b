import { data, redirect } from "react-router";

import type { EditedKind } from "#db/schema";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { NotFoundError } from "~/platform/http/errors.server";

import { type ComparedField, revisionChanges } from "./revision-changes";
import { getRevision, listRevisions, type Snapshot } from "./revisions.server";

/**
 * What a revisions screen shows of a post or case study: its revisions, the chosen one (?revision=,
 * else the newest) as `articleOf` draws it, what restoring it would change, and whether the person has
 * asked to restore it (?confirm). An unknown revision is 404.
 */
export function revisionScreen<S extends Snapshot, Article>(
  kind: EditedKind,
  item: { id: string } & Record<string, unknown>,
  url: URL,
  compared: ComparedField[],
  articleOf: (snapshot: S) => Article,
) {
  const revisions = listRevisions(kind, item.id);
  const chosen = url.searchParams.get("revision") ?? revisions[0]?.id;
  if (!chosen) return { revisions, shown: null, changes: [], confirming: false };
  try {
    const { snapshot, createdAt } = getRevision<S>(kind, item.id, chosen);
    return {
      revisions,
      shown: { id: chosen, createdAt, article: articleOf(snapshot) },
      changes: revisionChanges(item, snapshot, compared),
      confirming: url.searchParams.has("confirm"),
    };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw data(null, { status: 404 });
  }
}

/** The screen's restore (a plain form): back to the editor with the restored item saved, or 404. */
export async function restoreFromForm(
  request: Request,
  restore: (revisionId: string) => { id: string; slug: string },
  editor: string,
): Promise<never> {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.revisionRestore);
  const revisionId = String(form.get("revisionId") ?? "");
  let restored: { id: string; slug: string };
  try {
    restored = restore(revisionId);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  throw redirect(`${editor}?edit=${restored.id}&saved=${encodeURIComponent(restored.slug)}&result=updated`);
}
