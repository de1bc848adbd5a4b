import { listPages } from "~/features/pages/copy/page-copy.server";
import { pageListedJson } from "~/features/pages/copy/page-json";
import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

/** Owner and editors (the staff API group checks before the loader runs). */
export const handle: RouteHandle = { access: "editor" };

/** GET /api/pages: every page's key, title and state ("published" or "draft waiting"), in the admin's order. */
export function loader() {
  return Response.json(
    { pages: listPages().map(pageListedJson) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Pages are not made or removed here: each page's own address takes its draft (PUT /api/pages/{key}). */
export function action() {
  return jsonError(405, "Use GET to list the pages; PUT /api/pages/{key} saves one's draft", undefined, {
    Allow: "GET",
  });
}
