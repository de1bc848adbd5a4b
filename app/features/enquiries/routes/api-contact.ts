import { randomUUID } from "node:crypto";

import { submitEnquiry } from "~/features/enquiries/enquiry-intake.server";
import { receivedEnquiryJson } from "~/features/enquiries/enquiry-json";
import { HONEYPOT_FIELD } from "~/features/enquiries/spam.server";
import { jsonError, readJsonBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";

import type { Route } from "./+types/api-contact";

/**
 * POST /api/contact `{name, email, budget, goals}` → 201 with the enquiry as received. Any id, status or
 * createdAt in the body is ignored (the schema keeps only the four fields). The answer is the same for
 * every enquiry, in Spam or dropped by the honeypot too (always status "new", no spam findings), so a
 * bot learns nothing from it (decision 026).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const body = await readJsonBody(request);
  const outcome = await submitEnquiry(body, {
    clientIp: clientIp(context),
    honeypot: body[HONEYPOT_FIELD],
    // No rendered form, so no start token to check (decision 006).
    checkStartTime: false,
  });
  switch (outcome.kind) {
    case "invalid":
      return jsonError(400, "Please check the highlighted fields", outcome.issues);
    case "rate-limited":
      return jsonError(429, outcome.message, undefined, {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    case "bot": // an answer that looks like success
      return Response.json(
        receivedEnquiryJson({ id: randomUUID(), ...outcome.input, createdAt: new Date() }),
        { status: 201 },
      );
    case "stored":
      return Response.json(receivedEnquiryJson(outcome.contact), { status: 201 });
  }
}

export function loader() {
  return jsonError(405, "Use POST to send an enquiry", undefined, { Allow: "POST" });
}
