import { z } from "zod";

import { staffOf } from "~/features/staff/index.server";
import { getEnv } from "~/platform/env.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import {
  createPreviewLink,
  listPreviewLinks,
  previewExpiry,
  type PreviewKind,
} from "../preview-links.server";
import type { Route } from "./+types/api-preview-links";

export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };
const ALLOW = { ...noStore, Allow: "GET, POST" };
const NewLinkSchema = z.strictObject({
  expiresInDays: z.unknown().optional(),
  expiresAt: z.unknown().optional(),
});

/** The draft an address under /api/blog/{id}/… or /api/work/{id}/… names. */
export const previewKindOf = (request: Request): PreviewKind =>
  new URL(request.url).pathname.startsWith("/api/work/") ? "case-study" : "post";

/** GET /api/blog/{id}/preview-links (or /api/work/…): the draft's live links and when each was last opened. */
export function loader({ request, params }: Route.LoaderArgs) {
  const links = listPreviewLinks(previewKindOf(request), params.ref);
  return Response.json(
    links.map((link) => ({
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    })),
    { headers: noStore },
  );
}

/**
 * POST /api/blog/{id}/preview-links, with no body or `{"expiresInDays": 1–90}` or `{"expiresAt": ISO}`:
 * 201 `{id, url, expiresAt}`. The url is shown this once: only its hash is kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST to share a preview link", undefined, ALLOW);
  try {
    const length = request.headers.get("content-length");
    const empty = !request.headers.has("content-type") && (length === null || length === "0");
    const body = empty ? {} : await readJsonBody(request, 4096);
    const parsed = NewLinkSchema.safeParse(body);
    if (!parsed.success) return jsonError(400, "Invalid preview link", issuesOf(parsed.error), noStore);
    const link = createPreviewLink(
      previewKindOf(request),
      params.ref,
      previewExpiry(parsed.data),
      staffOf(context).id,
    );
    return Response.json(
      {
        id: link.id,
        url: new URL(link.url, getEnv().SITE_URL).href,
        expiresAt: link.expiresAt.toISOString(),
      },
      { status: 201, headers: noStore },
    );
  } catch (error) {
    if (error instanceof Response) return error;
    return domainErrorResponse(error, noStore);
  }
}
