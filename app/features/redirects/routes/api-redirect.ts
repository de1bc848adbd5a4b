import { deleteRedirect } from "~/features/redirects/redirects.server";
import { jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-redirect";

/** DELETE /api/redirects/{id} → 204; 404 for an unknown id (admin only). */
export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE")
    return jsonError(405, "Use DELETE to remove a redirect", undefined, { Allow: "DELETE" });
  if (!deleteRedirect(params.id)) return jsonError(404, "Redirect not found");
  return new Response(null, { status: 204 });
}

export function loader() {
  return jsonError(405, "Use DELETE to remove a redirect", undefined, { Allow: "DELETE" });
}
