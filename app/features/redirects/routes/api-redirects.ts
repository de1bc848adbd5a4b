import { redirectJson } from "~/features/redirects/redirect-json";
import { addRedirect, listRedirects, RedirectSchema } from "~/features/redirects/redirects.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";

import type { Route } from "./+types/api-redirects";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/redirects: the owner's redirects (admin only). */
export function loader() {
  return Response.json(listRedirects().map(redirectJson), { headers: noStore });
}

/**
 * POST /api/redirects `{from, to, status?: 301|302, prefix?: boolean}` → 201 with the redirect; 400 for a
 * bad field, 409 for a duplicate, a loop or a chain (decision 030).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to add a redirect", undefined, { Allow: "GET, POST" });
  const parsed = RedirectSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Please check the highlighted fields", issuesOf(parsed.error));
  try {
    return Response.json(redirectJson(addRedirect(parsed.data)), { status: 201, headers: noStore });
  } catch (error) {
    return domainErrorResponse(error, noStore);
  }
}
