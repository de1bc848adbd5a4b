import { importJson, importReport } from "~/features/imports/import-report";
import { getImport, heldPostsOf } from "~/features/imports/imports.server";
import { jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-import-item";

/**
 * GET /api/import/{id} (owner) → the import's status ("running", "done", "failed"), counts, problems
 * and the posts it holds as drafts for their missing files.
 */
export function loader({ params }: Route.LoaderArgs) {
  const row = getImport(params.id);
  if (!row) return jsonError(404, "No import with that id");
  return Response.json(importJson(importReport(row), heldPostsOf(row.id)), {
    headers: { "Cache-Control": "no-store" },
  });
}
