import { jsonError } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/lib/multipart.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireApiAdmin } from "~/services/auth.server";
import { addCaptions, CAPTIONS_TOO_LARGE, MAX_CAPTIONS_BYTES } from "~/services/uploads.server";

import type { Route } from "./+types/media-captions";

export const handle: RouteHandle = { access: "editor" };

/**
 * POST /api/media/{id}/captions (admin, multipart field "captions"): a WebVTT file for a video → the
 * item with its `captionsUrl`. 400 for anything but WebVTT or for an image, 413 past 512 KB.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  await requireApiAdmin(request);
  try {
    const item = await addCaptions(params.id, (save) =>
      readMultipart(request, "captions", save, {
        maxBytes: MAX_CAPTIONS_BYTES + MULTIPART_OVERHEAD_BYTES,
        tooLarge: CAPTIONS_TOO_LARGE,
      }).then(({ file }) => file),
    );
    return Response.json(item);
  } catch (error) {
    return domainErrorResponse(error);
  }
}
