import { getPage, PageCopyInvalid, publishPage, savePageDraft } from "~/features/pages/copy/page-copy.server";
import { pageJson } from "~/features/pages/copy/page-json";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { mayOpen } from "~/platform/http/access";
import { jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { publicResponse } from "~/platform/http/public-response.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-page";

/** Writes are the owner's and editors' (requireApiAdmin reads this); reads of published copy are public. */
export const handle: RouteHandle = { access: "editor" };

/**
 * The largest body taken: a service page with every list full, or a legal page at its most, with room
 * to spare. Past it, 413 before reading on. A page's copy is a few kilobytes; parsing and checking a
 * body is work on the request thread, so none is taken that no page could be.
 */
export const PAGE_BODY_LIMIT = 256 * 1024;

const PUBLISH = /\/publish$/;

/** The key the address names: everything after /api/pages/ ("services/seo"), as sent. */
const keyOf = (params: Route.LoaderArgs["params"]) => params["*"] ?? "";

/**
 * GET /api/pages/{key}: the page's published fields; the owner and editors also get its state and the
 * draft waiting (or null).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  // Those who edit pages: a contributor reads what visitors read.
  const user = await getSessionUser(request);
  const staff = Boolean(user && mayOpen(user.role, handle.access));
  try {
    const page = pageJson(getPage(keyOf(params), { staff }));
    if (staff) return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
    return publicResponse(request, JSON.stringify(page), { "Content-Type": "application/json" });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/**
 * PUT /api/pages/{key} saves the body (the page's fields, every one) as its draft: 400 naming each
 * field wrong, and nothing written. POST /api/pages/{key}/publish makes the draft what visitors read.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const path = keyOf(params);
  const publishing = request.method === "POST" && PUBLISH.test(path);
  if (request.method !== "PUT" && !publishing) {
    return jsonError(405, "Use PUT to save a page's draft, or POST to /api/pages/{key}/publish", undefined, {
      Allow: "GET, PUT, POST",
    });
  }
  const user = await requireApiAdmin(request);
  try {
    if (publishing) return Response.json(pageJson(publishPage(path.replace(PUBLISH, ""), user)));
    const body = await readJsonBody(request, PAGE_BODY_LIMIT);
    return Response.json(pageJson(savePageDraft(path, body, user)));
  } catch (error) {
    if (error instanceof PageCopyInvalid) return jsonError(400, "Invalid page copy", error.issues);
    return domainErrorResponse(error);
  }
}
