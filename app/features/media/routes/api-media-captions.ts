import { mediaJson } from "~/features/media/media-json";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/features/media/multipart.server";
import { addCaptions, CAPTIONS_TOO_LARGE, MAX_CAPTIONS_BYTES } from "~/features/media/uploads.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-media-captions";

export const handle: RouteHandle = { access: "editor" };

/**
 * POST /api/media/{id}/captions (admin, multipart field "captions"): a WebVTT file for a video → the
 * item with its `captionsUrl`. 400 for anything but WebVTT or for an image, 413 past 512 KB.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  try {
    const item = await addCaptions(params.id, (save) =>
      readMultipart(request, "captions", save, {
        maxBytes: MAX_CAPTIONS_BYTES + MULTIPART_OVERHEAD_BYTES,
        tooLarge: CAPTIONS_TOO_LARGE,
      }).then(({ file }) => file),
    );
    return Response.json(mediaJson(item));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
