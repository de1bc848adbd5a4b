import { importStartedJson } from "~/features/imports/import-report";
import { previewUpload, startImport } from "~/features/imports/imports.server";
import { staffOf } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { UploadError } from "~/platform/http/errors.server";

import type { Route } from "./+types/api-import";

/**
 * POST /api/import (owner; multipart, the export in `file`, and for Ghost the old site's address in
 * `site`) → 202 `{id}`: the import starts at once in
 * the background; follow it at GET /api/import/{id}. A file that is not an export, or a hostile one, is
 * 400/415 and writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to start an import", undefined, { Allow: "POST" });
  try {
    const file = await previewUpload(request, staffOf(context).id);
    if (!file) return jsonError(400, "Send the export in the field `file`");
    startImport(file.id);
    return Response.json(importStartedJson(file.id), {
      status: 202,
      headers: { Location: `/api/import/${file.id}`, "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof UploadError) return jsonError(error.status, error.message);
    throw error;
  }
}
