import { listRevisions } from "~/features/editor/index.server";
import { postRevisionSummaryJson } from "~/features/posts/post-json";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-blog-revisions";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** GET /api/blog/{id}/revisions: the post's revisions, newest first (id, createdAt, title, slug, status, author). */
export function loader({ params }: Route.LoaderArgs) {
  try {
    return Response.json(listRevisions("post", params.ref).map(postRevisionSummaryJson), {
      headers: PRIVATE,
    });
  } catch (error) {
    return domainErrorResponse(error, PRIVATE);
  }
}

export function action() {
  return jsonError(405, "Revisions are kept by saving the post", undefined, { Allow: "GET" });
}
