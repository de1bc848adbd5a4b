import { z } from "zod";

import { uploadedImageJson } from "~/features/media/media-json";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/features/media/multipart.server";
import { publicUrlForUpload } from "~/features/media/upload-slots.server";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, saveImage } from "~/features/media/uploads.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-images";

export const handle: RouteHandle = { access: "contributor" };

const RegisterSchema = z.object({ imageURL: z.string().min(1).max(500) });

/**
 * PUT /api/images `{imageURL}` → `{publicURL}`: registers an image sent to a one-time upload URL.
 * POST /api/images (multipart, field "image") → 201 `{publicURL}`: the plain form upload.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method === "PUT") {
    const parsed = RegisterSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return jsonError(400, "imageURL is required", issuesOf(parsed.error));
    const publicURL = publicUrlForUpload(parsed.data.imageURL);
    return publicURL
      ? Response.json(uploadedImageJson({ publicURL }))
      : jsonError(404, "No finished upload at that URL");
  }
  if (request.method !== "POST") return jsonError(405, "Use POST or PUT", undefined, { Allow: "POST, PUT" });
  try {
    const { file } = await readMultipart(
      request,
      "image",
      (stream, fileName) => saveImage(stream, fileName),
      {
        maxBytes: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES,
        tooLarge: IMAGE_TOO_LARGE,
      },
    );
    if (!file) return jsonError(400, "Choose an image to upload (field 'image')");
    return Response.json(uploadedImageJson(file), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
