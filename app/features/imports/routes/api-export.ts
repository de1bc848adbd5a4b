import { PassThrough, Readable } from "node:stream";

import { audit } from "~/features/audit/index.server";
import { writeSiteArchive } from "~/features/imports/site-archive.server";
import { jsonError, readFormBody } from "~/platform/http/api.server";
import { log } from "~/platform/log.server";

import type { Route } from "./+types/api-export";

const YES = ["1", "true", "on"];

/** A link cannot download the site: only the admin's button (a POST from this site) can. */
export function loader() {
  return jsonError(
    405,
    "Use POST to download the site (the Download button under Import and export)",
    undefined,
    {
      Allow: "POST",
    },
  );
}

/**
 * POST /api/export (owner) streams the whole site as one zip: a manifest, the content as JSON per table
 * and the uploads; `personal=1` (a form field or in the query) adds the enquiries and newsletter
 * subscribers. A POST, so another site's link or page cannot start it in the owner's browser (writes
 * from other sites are refused before any route). Every download is in the audit log, with whether it
 * held personal data. /admin/import takes the zip back.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const asked = (request.headers.get("content-type") ?? "").length
    ? (await readFormBody(request, 1024)).get("personal")
    : new URL(request.url).searchParams.get("personal");
  const personal = YES.includes(String(asked ?? ""));
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
