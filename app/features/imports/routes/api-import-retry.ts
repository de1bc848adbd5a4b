import { importJson, importReport } from "~/features/imports/import-report";
import { retryImport } from "~/features/imports/imports.server";
import { jsonError } from "~/platform/http/api.server";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";

import type { Route } from "./+types/api-import-retry";

/**
 * POST /api/import/{id}/retry (owner) → 202 with the import, running again: the images it could not
 * fetch are tried once more in the background; follow it at GET /api/import/{id}. 404 for an unknown
 * import, 409 while it runs or when nothing is missing.
 */
export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to fetch the missing images again", undefined, { Allow: "POST" });
  try {
    const row = retryImport(params.id);
    return Response.json(importJson(importReport(row)), {
      status: 202,
      headers: { Location: `/api/import/${row.id}`, "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof NotFoundError) return jsonError(404, error.message);
    if (error instanceof ConflictError) return jsonError(409, error.message);
    throw error;
  }
}

export function loader() {
  return jsonError(405, "Use POST to fetch the missing images again", undefined, { Allow: "POST" });
}
