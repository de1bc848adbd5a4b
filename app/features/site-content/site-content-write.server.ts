import type { z } from "zod";

import { DEFAULT_JSON_LIMIT_BYTES, issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";
import { publicResponse } from "~/platform/http/public-response.server";

/**
 * What the site-content routes of the API share (/api/work, /api/team, /api/testimonials,
 * /api/settings): how a read is answered to the public and to the admin, and how a write is checked,
 * saved and answered, the same way as the posts API.
 */

/** The answer to a wrong method: 405 naming the ones the address takes. */
export const methodNotAllowed = (allow: string, message: string) =>
  jsonError(405, message, undefined, { Allow: allow });

/**
 * A read: the public's is kept like any public data (ETag, a 304 when unchanged, a CDN may keep it);
 * the admin's (drafts too) never is.
 */
export function readAnswer(
  request: Request,
  value: unknown,
  admin: boolean,
  headers: Record<string, string> = {},
): Response {
  if (admin) return Response.json(value, { headers: { "Cache-Control": "private, no-store", ...headers } });
  return publicResponse(request, JSON.stringify(value), { "Content-Type": "application/json", ...headers });
}

type WriteOptions = {
  /** What is written, for the 400's message: "case study", "team member"... */
  label: string;
  /** The 404's message when the id is unknown. */
  notFound?: string;
  /** The largest body taken (413 past it). */
  limit?: number;
  /** 201 for a created item, 200 for a replaced one. */
  status: 200 | 201;
};

/**
 * A write of the API (the caller has checked the method and the session): the JSON body checked by
 * `schema` (400 naming each field), then saved by `save`, whose answer is sent with `status`. A
 * domain error is answered as such: 400 naming the field, 404, or 409 (naming the field when it has one).
 */
export async function writeContent<S extends z.ZodType>(
  request: Request,
  schema: S,
  { label, notFound = "Not found", limit = DEFAULT_JSON_LIMIT_BYTES, status }: WriteOptions,
  save: (input: z.output<S>) => unknown,
): Promise<Response> {
  const parsed = schema.safeParse(await readJsonBody(request, limit));
  if (!parsed.success) return jsonError(400, `Invalid ${label}`, issuesOf(parsed.error));
  try {
    return Response.json(save(parsed.data), { status });
  } catch (error) {
    if (error instanceof NotFoundError) return jsonError(404, notFound);
    if (error instanceof ConflictError && error.field)
      return jsonError(409, error.message, [{ path: error.field, message: error.message }]);
    return domainErrorResponse(error);
  }
}
