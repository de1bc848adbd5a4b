import { jsonError } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireApiAdmin } from "~/services/auth.server";
import { listRevisions } from "~/services/post-revisions.server";

import type { Route } from "./+types/blog-revisions";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/** GET /api/blog/{id}/revisions: the post's revisions, newest first (id, createdAt, title, slug, status, author). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  try {
    return Response.json(listRevisions(params.ref), { headers: PRIVATE });
  } catch (error) {
    return domainErrorResponse(error, PRIVATE);
  }
}

export function action() {
  return jsonError(405, "Revisions are kept by saving the post", undefined, { Allow: "GET" });
}
