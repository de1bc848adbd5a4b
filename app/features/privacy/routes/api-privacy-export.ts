import { z } from "zod";

import { personalData } from "~/features/privacy/privacy.server";
import {
  FORM_LIMIT_BYTES,
  issuesOf,
  jsonError,
  readFormBody,
  readJsonBody,
} from "~/platform/http/api.server";

import type { Route } from "./+types/api-privacy-export";

const BodySchema = z.object({ email: z.email("email must be an e-mail address") });

/**
 * POST /api/privacy/export `{email}` (JSON, or the Privacy requests page's form): everything held about
 * an address, as a JSON file to hand over (owner only). A POST, never a GET: a link on another site
 * cannot start it in the owner's browser (writes from other sites are refused before any route).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers.get("content-type") ?? "");
  const body = json
    ? await readJsonBody(request)
    : Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.privacyRequest));
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid request", issuesOf(parsed.error));
  const data = personalData(parsed.data.email);
  return Response.json(data, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Disposition": `attachment; filename="personal-data-${data.email.replace(/[^\w.@-]/g, "_")}.json"`,
    },
  });
}

export function loader() {
  return jsonError(405, "Use POST", undefined, { Allow: "POST" });
}
