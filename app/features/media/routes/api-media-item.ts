import { getMedia, MediaTextSchema, updateMediaText } from "~/features/media/media.server";
import { mediaJson } from "~/features/media/media-json";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-media-item";

export const handle: RouteHandle = { access: "editor" };

/** GET /api/media/{id} (admin): one library item. */
export function loader({ params }: Route.LoaderArgs) {
  const item = getMedia(params.id);
  return item
    ? Response.json(mediaJson(item), { headers: { "Cache-Control": "private, no-store" } })
    : jsonError(404, "No media with that id");
}

/** PUT /api/media/{id} `{alt?, caption?, focalX?, focalY?}` (admin) → the item; 400 names the field, 404 an unknown id. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Use PUT", undefined, { Allow: "GET, PUT" });
  const parsed = MediaTextSchema.safeParse(await readJsonBody(request));
  if (!parsed.success)
    return jsonError(400, parsed.error.issues[0]?.message ?? "Invalid body", issuesOf(parsed.error));
  if (!getMedia(params.id)) return jsonError(404, "No media with that id");
  return Response.json(mediaJson(updateMediaText(params.id, parsed.data)));
}
