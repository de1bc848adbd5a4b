import { z } from "zod";

import { listEnquiries } from "~/features/enquiries/enquiries.server";
import { enquiryJson } from "~/features/enquiries/enquiry-json";
import { ENQUIRY_STATUSES } from "~/features/enquiries/schemas";
import { issuesOf, jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-contacts";

const QuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: "status must be new, contacted, closed or spam" }).optional(),
});

/** GET /api/contacts[?status=]: the enquiries, newest first (spam only when asked for), for the admin only. */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  return Response.json(listEnquiries(parsed.data).map(enquiryJson), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
