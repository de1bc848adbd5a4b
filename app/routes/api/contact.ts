import { randomUUID } from "node:crypto";

import { issuesOf, jsonError, readJsonBody } from "~/lib/api.server";
import { clientIp } from "~/lib/request-context";
import { ContactSchema } from "~/lib/schemas";
import { HONEYPOT_FIELD, looksLikeBot } from "~/lib/spam.server";
import { submitEnquiry, takeEnquiryAllowance, tooManyEnquiries } from "~/services/contacts.server";

import type { Route } from "./+types/contact";

/**
 * POST /api/contact `{name, email, budget, goals}` → 201 with the stored enquiry. Any id, status or
 * createdAt in the body is ignored (the schema keeps only the four fields).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const body = await readJsonBody(request);
  const parsed = ContactSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Please check the highlighted fields", issuesOf(parsed.error));
  const wait = await takeEnquiryAllowance(clientIp(context));
  if (wait > 0) return jsonError(429, tooManyEnquiries(wait), undefined, { "Retry-After": String(wait) });
  if (looksLikeBot({ honeypot: body[HONEYPOT_FIELD] }, { checkTiming: false })) {
    return Response.json(
      { id: randomUUID(), ...parsed.data, status: "new", createdAt: new Date() },
      { status: 201 },
    );
  }
  return Response.json(submitEnquiry(parsed.data), { status: 201 });
}

export function loader() {
  return jsonError(405, "Use POST to send an enquiry", undefined, { Allow: "POST" });
}
