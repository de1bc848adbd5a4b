import { PassThrough, Readable } from "node:stream";

import { audit } from "~/features/audit/index.server";
import { writeSiteArchive } from "~/features/imports/site-archive.server";
import { log } from "~/platform/log.server";

import type { Route } from "./+types/api-export";

/**
 * GET /api/export (owner) streams the whole site as one zip: a manifest, the content as JSON per table
 * and the uploads; `?personal=1` adds the enquiries and newsletter subscribers. Every download is in
 * the audit log, with whether it held personal data. /admin/import takes the zip back.
 */
export function loader({ request }: Route.LoaderArgs) {
  const personal = ["1", "true", "on"].includes(new URL(request.url).searchParams.get("personal") ?? "");
  const out = new PassThrough();
  writeSiteArchive(out, { personal }).catch((error: unknown) => {
    log.error({ err: error }, "Writing the site archive failed");
    out.destroy(error as Error);
  });
  audit("export.site", personal ? "With personal data (enquiries, subscribers)" : "Without personal data");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(out) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="site-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
