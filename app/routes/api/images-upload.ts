import { jsonError } from "~/lib/api.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireApiAdmin } from "~/services/auth.server";
import { createUploadSlot, uploadUrlFor } from "~/services/upload-slots.server";

import type { Route } from "./+types/images-upload";

export const handle: RouteHandle = { access: "editor" };

/** POST /api/images/upload → `{uploadURL}`: a one-time URL on this server, valid 15 minutes. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  await requireApiAdmin(request);
  return Response.json(
    { uploadURL: uploadUrlFor(createUploadSlot()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
