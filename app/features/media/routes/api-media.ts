import type { z } from "zod";

import { getMediaByUrl, listMedia, MediaQuerySchema } from "~/features/media/media.server";
import { mediaJson } from "~/features/media/media-json";
import { MULTIPART_OVERHEAD_BYTES, readMultipart } from "~/features/media/multipart.server";
import { MAX_VIDEO_BYTES, saveMediaFile, VIDEO_TOO_LARGE } from "~/features/media/uploads.server";
import { getEnv } from "~/platform/env.server";
import { issuesOf, jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-media";

export const handle: RouteHandle = { access: "contributor" };

/** `X-Total-Count` and a `Link` to the first, previous, next and last pages, as /api/blog. */
function pageHeaders(query: z.infer<typeof MediaQuerySchema>, total: number): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / query.limit));
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (query.kind) params.set("kind", query.kind);
    if (query.q) params.set("q", query.q);
    if (query.unused) params.set("unused", "1");
    params.set("page", String(n));
    params.set("limit", String(query.limit));
    return `<${getEnv().SITE_URL}/api/media?${params}>`;
  };
  const links = [`${href(1)}; rel="first"`];
  if (query.page > 1) links.push(`${href(Math.min(query.page - 1, last))}; rel="prev"`);
  if (query.page < last) links.push(`${href(query.page + 1)}; rel="next"`);
  links.push(`${href(last)}; rel="last"`);
  return { "X-Total-Count": String(total), Link: links.join(", ") };
}

/**
 * GET /api/media[?kind=image|video][&q=...][&page=1][&limit=24] (admin): the library, newest first,
 * each file with the posts that show it (`usedBy`).
 */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = MediaQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const { items, total } = listMedia(parsed.data);
  return Response.json(items.map(mediaJson), {
    headers: { "Cache-Control": "private, no-store", ...pageHeaders(parsed.data, total) },
  });
}

/**
 * POST /api/media (multipart, field "file") → 201 with the new library item: an image (10 MiB) or a
 * video (100 MB), told apart by the file's name and checked by its bytes, as /api/images and
 * /api/videos/upload.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "GET, POST" });
  try {
    const { file } = await readMultipart(request, "file", saveMediaFile, {
      maxBytes: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLarge: VIDEO_TOO_LARGE,
    });
    if (!file) return jsonError(400, "Choose a file to upload (field 'file')");
    const item = getMediaByUrl(file);
    return Response.json(item && mediaJson(item), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
