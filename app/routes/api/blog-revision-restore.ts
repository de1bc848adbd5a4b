import { jsonError } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireApiAdmin } from "~/services/auth.server";
import { restoreRevision } from "~/services/posts.server";

import type { Route } from "./+types/blog-revision-restore";

export const handle: RouteHandle = { access: "editor" };

export function loader() {
  return jsonError(405, "Use POST to restore a revision", undefined, { Allow: "POST" });
}

/** POST /api/blog/{id}/revisions/{revisionId}/restore: the post with that revision's fields (200). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to restore a revision", undefined, { Allow: "POST" });
  const admin = await requireApiAdmin(request);
  try {
    return Response.json(restoreRevision(params.ref, params.revisionId, { userId: admin.id }));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
