import type { AutosaveKind } from "#db/schema";
import { discardAutosave, getAutosave, saveAutosave } from "~/features/editor/autosaves.server";
import { autosaveJson, autosaveKeptJson } from "~/features/editor/editor-json";
import { AUTOSAVE_MAX_CHARS, autosaveQuerySchema, autosaveSchema } from "~/features/editor/schemas";
import { staffOf } from "~/features/staff/index.server";
import { NOT_FOR_CONTRIBUTORS_MESSAGE } from "~/platform/http/access";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-autosave";

export const handle: RouteHandle = { access: "contributor" };

const PRIVATE = { "Cache-Control": "private, no-store" };
// Room for the JSON around the values: escaped quotes, \u escapes, letters of several bytes.
const BODY_LIMIT = 4 * AUTOSAVE_MAX_CHARS;

/**
 * /api/blog/autosave is the posts', /api/work/autosave the case studies', /api/pages/autosave the pages';
 * /api/blog/translations/autosave and /api/work/translations/autosave their translations'.
 */
function kindOf(request: Request): AutosaveKind {
  const { pathname } = new URL(request.url);
  if (pathname === "/api/blog/translations/autosave") return "post-translation";
  if (pathname === "/api/work/translations/autosave") return "case-study-translation";
  if (pathname.startsWith("/api/work/")) return "case-study";
  return pathname.startsWith("/api/pages/") ? "page" : "post";
}

/** Contributors write posts: the pages and the translations are the owner's and editors' (as their forms are). */
const refused = (kind: AutosaveKind, admin: { role: string }) =>
  kind !== "post" && kind !== "case-study" && admin.role === "contributor"
    ? jsonError(403, NOT_FOR_CONTRIBUTORS_MESSAGE, undefined, PRIVATE)
    : null;

const queryOf = (request: Request) =>
  autosaveQuerySchema(kindOf(request)).safeParse(Object.fromEntries(new URL(request.url).searchParams));

/** GET ?postKey= (or ?caseStudyKey=): the signed-in admin's unsaved work `{ values, updatedAt }`, or 404. */
export function loader({ request, context }: Route.LoaderArgs) {
  const admin = staffOf(context);
  const refusal = refused(kindOf(request), admin);
  if (refusal) return refusal;
  const query = queryOf(request);
  if (!query.success) return jsonError(400, "Invalid query", issuesOf(query.error), PRIVATE);
  const saved = getAutosave(admin.id, kindOf(request), query.data.itemKey);
  return saved
    ? Response.json(autosaveJson(saved), { headers: PRIVATE })
    : jsonError(404, "No unsaved work", undefined, PRIVATE);
}

/** PUT keeps the work `{ postKey, values }` (200 `{ updatedAt }`); DELETE ?postKey= discards it (204). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = staffOf(context);
  const kind = kindOf(request);
  const refusal = refused(kind, admin);
  if (refusal) return refusal;
  if (request.method === "DELETE") {
    const query = queryOf(request);
    if (!query.success) return jsonError(400, "Invalid query", issuesOf(query.error));
    discardAutosave(admin.id, kind, query.data.itemKey);
    return new Response(null, { status: 204, headers: PRIVATE });
  }
  if (request.method !== "PUT")
    return jsonError(405, "Use PUT to keep unsaved work, DELETE to discard it", undefined, {
      Allow: "GET, PUT, DELETE",
    });
  const parsed = autosaveSchema(kind).safeParse(await readJsonBody(request, BODY_LIMIT));
  if (!parsed.success) return jsonError(400, "Invalid autosave", issuesOf(parsed.error));
  try {
    const saved = saveAutosave(admin.id, kind, parsed.data.itemKey, parsed.data.values);
    return Response.json(autosaveKeptJson(saved), { headers: PRIVATE });
  } catch (error) {
    return domainErrorResponse(error, PRIVATE);
  }
}
