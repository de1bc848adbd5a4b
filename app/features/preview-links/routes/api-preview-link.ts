import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import { revokePreviewLink } from "../preview-links.server";
import type { Route } from "./+types/api-preview-link";
import { previewKindOf } from "./api-preview-links";

export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };

export function loader() {
  return jsonError(405, "Use DELETE to revoke a preview link", undefined, { ...noStore, Allow: "DELETE" });
}

/** DELETE /api/blog/{id}/preview-links/{linkId}: revokes it (204); 404 when no live link of that draft has the id. */
export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE")
    return jsonError(405, "Use DELETE to revoke a preview link", undefined, { ...noStore, Allow: "DELETE" });
  if (!revokePreviewLink(previewKindOf(request), params.ref, params.linkId))
    return jsonError(404, "Preview link not found (or already revoked)", undefined, noStore);
  return new Response(null, { status: 204, headers: noStore });
}
