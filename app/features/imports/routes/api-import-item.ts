import { importJson, importReport } from "~/features/imports/import-report";
import { getImport } from "~/features/imports/imports.server";
import { jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-import-item";

/** GET /api/import/{id} (owner) → the import's status ("running", "done", "failed"), counts and problems. */
export function loader({ params }: Route.LoaderArgs) {
  const row = getImport(params.id);
  if (!row) return jsonError(404, "No import with that id");
  return Response.json(importJson(importReport(row)), { headers: { "Cache-Control": "no-store" } });
}
