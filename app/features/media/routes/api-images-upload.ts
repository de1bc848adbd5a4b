import { uploadSlotJson } from "~/features/media/media-json";
import { createUploadSlot, uploadUrlFor } from "~/features/media/upload-slots.server";
import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-images-upload";

export const handle: RouteHandle = { access: "contributor" };

/** POST /api/images/upload → `{uploadURL}`: a one-time URL on this server, valid 15 minutes. */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  return Response.json(uploadSlotJson(uploadUrlFor(createUploadSlot())), {
    headers: { "Cache-Control": "no-store" },
  });
}
