import { jsonError } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireApiAdmin } from "~/services/auth.server";
import { getRevision } from "~/services/post-revisions.server";

import type { Route } from "./+types/blog-revision";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** GET /api/blog/{id}/revisions/{revisionId}: one revision with the post's fields as they were then. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  try {
    return Response.json(getRevision(params.ref, params.revisionId), { headers: PRIVATE });
  } catch (error) {
    return domainErrorResponse(error, PRIVATE);
  }
}

export function action() {
  return jsonError(405, "A revision cannot be changed; POST …/restore puts it back", undefined, {
    Allow: "GET",
  });
}
