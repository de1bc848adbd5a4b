import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";

import { uploadedImageJson } from "~/features/media/media-json";
import { claimUploadSlot, completeUploadSlot, releaseUploadSlot } from "~/features/media/upload-slots.server";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, saveImage } from "~/features/media/uploads.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-images-put";

export const handle: RouteHandle = { access: "contributor" };

/** PUT /api/images/put/{token}[?name=file.jpg]: the raw image bytes for a one-time upload URL (and the file's name). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Use PUT", undefined, { Allow: "PUT" });
  if (Number(request.headers.get("content-length")) > MAX_IMAGE_BYTES) return jsonError(413, IMAGE_TOO_LARGE);
  if (!request.body) return jsonError(400, "Send the image as the request body");
  if (!claimUploadSlot(params.token))
    return jsonError(404, "This upload URL is unknown, expired or already used");
  try {
    const name = new URL(request.url).searchParams.get("name") ?? "";
    const body = Readable.fromWeb(request.body as ReadableStream);
    // A body cut off fails this stream even when it is never read (the image refused as busy): the
    // failure is then no one's to answer; when it is read, saveImage answers it (400).
    body.on("error", () => {});
    const { publicURL } = await saveImage(body, name);
    completeUploadSlot(params.token, publicURL);
    return Response.json(uploadedImageJson({ publicURL }));
  } catch (error) {
    releaseUploadSlot(params.token);
    return domainErrorResponse(error);
  }
}
