import { postJson } from "~/features/posts/post-json";
import { restoreRevision } from "~/features/posts/posts.server";
import { staffOf } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-blog-revision-restore";

export const handle: RouteHandle = { access: "editor" };

export function loader() {
  return jsonError(405, "Use POST to restore a revision", undefined, { Allow: "POST" });
}

/** POST /api/blog/{id}/revisions/{revisionId}/restore: the post with that revision's fields (200). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to restore a revision", undefined, { Allow: "POST" });
  const admin = staffOf(context);
  try {
    return Response.json(postJson(restoreRevision(params.ref, params.revisionId, { userId: admin.id })));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
