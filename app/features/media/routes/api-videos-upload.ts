import { Readable } from "node:stream";

import { z } from "zod";

import { uploadedVideoJson } from "~/features/media/media-json";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/features/media/multipart.server";
import { MAX_VIDEO_BYTES, saveVideo, VIDEO_TOO_LARGE } from "~/features/media/uploads.server";
import { DEFAULT_JSON_LIMIT_BYTES, jsonError } from "~/platform/http/api.server";
import { dataUrlFromJson } from "~/platform/http/data-url-json.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { UploadError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-videos-upload";

export const handle: RouteHandle = { access: "editor" };

/** The JSON body with the data URL's payload left out (its header, e.g. "data:video/mp4;base64,", stays). */
const DataUrlSchema = z.object({
  video: z.string().regex(/^data:[\w/+.-]+;base64,/, "video must be a base64 data URL"),
  fileName: z.string().max(255).optional(),
  mimeType: z.string().max(100).optional(),
});

/**
 * POST /api/videos/upload → `{publicUrl, fileName}`; errors `{error}`. Multipart (field "video") streams
 * to disk and is what the editor uses; the original JSON `{video: data URL, fileName, mimeType}` is kept,
 * its base64 decoded as it arrives (dataUrlFromJson), so neither is ever held in memory.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  if (Number(request.headers.get("content-length")) > MAX_VIDEO_BYTES * 1.4 + 4096)
    return jsonError(413, VIDEO_TOO_LARGE);
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.toLowerCase().startsWith("multipart/form-data")) {
      const { file } = await readMultipart(
        request,
        "video",
        (stream, fileName) => saveVideo(stream, fileName),
        {
          maxBytes: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES,
          tooLarge: VIDEO_TOO_LARGE,
        },
      );
      return file
        ? Response.json(uploadedVideoJson(file), { status: 201 })
        : jsonError(400, "Choose a video to upload (field 'video')");
    }
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type))
      return jsonError(415, "Send the video as multipart/form-data or as JSON with a data URL");
    if (!request.body) return jsonError(400, "video must be a base64 data URL");
    const bytes = dataUrlFromJson(request.body, "video", {
      restLimit: DEFAULT_JSON_LIMIT_BYTES,
      check: (rest) => {
        const parsed = DataUrlSchema.safeParse(rest);
        if (!parsed.success)
          throw new UploadError(400, parsed.error.issues[0]?.message ?? "video must be a base64 data URL");
      },
    });
    return Response.json(uploadedVideoJson(await saveVideo(Readable.from(bytes))), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
