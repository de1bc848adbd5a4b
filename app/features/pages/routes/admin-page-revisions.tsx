import { data, redirect } from "react-router";

import { PageRevisionHistory } from "~/features/pages/components/page-revision-history";
import { pageChanges } from "~/features/pages/copy/page-changes";
import { getPage } from "~/features/pages/copy/page-copy.server";
import {
  asRestored,
  listRevisionsOfPage,
  restorePageRevision,
} from "~/features/pages/copy/page-revisions.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";

import type { Route } from "./+types/admin-page-revisions";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Earlier versions", noindex: true });

const notFound = (error: unknown) => {
  if (error instanceof NotFoundError) return data(null, { status: 404 });
  throw error;
};

/**
 * /admin/pages/revisions/{key}: the page's earlier published versions, newest first; ?revision= shows
 * one (else the newest) with what restoring it would change in the published words; ?confirm asks.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const url = new URL(request.url);
  try {
    const page = getPage(key, { staff: true });
    const revisions = listRevisionsOfPage(key);
    const chosen = url.searchParams.get("revision");
    const shown = chosen ? revisions.find((revision) => revision.id === chosen) : revisions[0];
    if (chosen && !shown) throw new NotFoundError("Revision not found");
    const item = ({ id, publishedAt, publishedBy }: (typeof revisions)[number]) => ({
      id,
      publishedAt,
      publishedBy: publishedBy?.name || null,
    });
    return {
      page: { key, title: page.title, draftSavedAt: page.draftSavedAt },
      revisions: revisions.map(item),
      shown: shown ? item(shown) : null,
      changes: shown
        ? pageChanges(
            page.kind,
            page.published,
            asRestored(shown.copy, page.published) as Record<string, unknown>,
          )
        : [],
      confirming: url.searchParams.has("confirm"),
      restored: url.searchParams.has("restored"),
    };
  } catch (error) {
    throw notFound(error);
  }
}

/** Restore (a plain form): the version becomes the draft, then back here saying so; 404 for a wrong one. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const key = params["*"] ?? "";
  const form = await readFormBody(request, FORM_LIMIT_BYTES.revisionRestore);
  const revisionId = String(form.get("revisionId") ?? "");
  try {
    restorePageRevision(key, revisionId, staffOf(context));
  } catch (error) {
    if (error instanceof ConflictError) return data({ error: error.message }, { status: 409 });
    throw notFound(error);
  }
  const back = new URLSearchParams({ revision: revisionId });
  throw redirect(`/admin/pages/revisions/${key}?${back}&restored`, 303);
}

export default function PageRevisions({ loaderData, actionData }: Route.ComponentProps) {
  return <PageRevisionHistory {...loaderData} error={actionData?.error} />;
}
