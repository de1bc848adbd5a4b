import { z } from "zod";

import { erasePersonalData, erasureJson } from "~/features/privacy/privacy.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";

import type { Route } from "./+types/api-privacy-erase";

const BodySchema = z.object({ email: z.email("email must be an e-mail address") });

/** POST /api/privacy/erase `{email}`: erases everything held about an address (admin only). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const parsed = BodySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Please check the highlighted fields", issuesOf(parsed.error));
  const erased = erasePersonalData(parsed.data.email);
  return Response.json(erasureJson(parsed.data.email.toLowerCase(), erased), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export function loader() {
  return jsonError(405, "Use POST", undefined, { Allow: "POST" });
}
