import { Readable } from "node:stream";

import { z } from "zod";

import { jsonError, readJsonBody } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import { readMultipart } from "~/lib/multipart.server";
import { requireApiAdmin } from "~/services/auth.server";
import { MAX_VIDEO_BYTES, saveVideo, VIDEO_TOO_LARGE, VIDEO_WRONG_TYPE } from "~/services/uploads.server";

import type { Route } from "./+types/videos-upload";

const DataUrlSchema = z.object({
  video: z.string().regex(/^data:[\w/+.-]+;base64,/, "video must be a base64 data URL"),
  fileName: z.string().max(255).optional(),
  mimeType: z.string().max(100).optional(),
});

/**
 * POST /api/videos/upload → `{publicUrl, fileName}`; errors `{error}`. Multipart (field "video") streams
 * to disk and is what the editor uses; the spec's JSON `{video: data URL, fileName, mimeType}` is kept.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  await requireApiAdmin(request);
  if (Number(request.headers.get("content-length")) > MAX_VIDEO_BYTES * 1.4 + 4096)
    return jsonError(413, VIDEO_TOO_LARGE);
  try {
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const { file } = await readMultipart(request, "video", (stream) => saveVideo(stream));
      return file
        ? Response.json(file, { status: 201 })
        : jsonError(400, "Choose a video to upload (field 'video')");
    }
    const parsed = DataUrlSchema.safeParse(
      await readJsonBody(request, Math.ceil(MAX_VIDEO_BYTES * 1.4) + 4096),
    );
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? VIDEO_WRONG_TYPE);
    const bytes = Buffer.from(parsed.data.video.slice(parsed.data.video.indexOf(",") + 1), "base64");
    return Response.json(await saveVideo(Readable.from([bytes])), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
