import { getRevision } from "~/features/editor/index.server";
import { postRevisionJson } from "~/features/posts/post-json";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-blog-revision";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** GET /api/blog/{id}/revisions/{revisionId}: one revision with the post's fields as they were then. */
export function loader({ params }: Route.LoaderArgs) {
  try {
    const revision = getRevision("post", params.ref, params.revisionId);
    return Response.json(postRevisionJson(params.ref, revision), { headers: PRIVATE });
  } catch (error) {
    return domainErrorResponse(error, PRIVATE);
  }
}

export function action() {
  return jsonError(405, "A revision cannot be changed; POST …/restore puts it back", undefined, {
    Allow: "GET",
  });
}
