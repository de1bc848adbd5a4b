import { newsletter } from "~/content/blog";
import { issuesOf, jsonError, readJsonBody } from "~/lib/api.server";
import { clientIp } from "~/lib/request-context";
import { NewsletterSchema } from "~/lib/schemas";
import { requestSubscription, tooManySignups } from "~/services/newsletter.server";

import type { Route } from "./+types/newsletter";

/**
 * POST /api/newsletter `{email}` → 202 for any valid address, known or not (decision 029): a
 * confirmation link goes to it. 400 with the field's error, 429 with Retry-After when limited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const parsed = NewsletterSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Please check the highlighted fields", issuesOf(parsed.error));
  const outcome = await requestSubscription(parsed.data.email, {
    source: "api",
    clientIp: clientIp(context),
  });
  if (outcome.kind === "rate-limited")
    return jsonError(429, tooManySignups(outcome.retryAfterSeconds), undefined, {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  return Response.json({ status: "pending", message: newsletter.thanks }, { status: 202 });
}

export function loader() {
  return jsonError(405, "Use POST to subscribe to the newsletter", undefined, { Allow: "POST" });
}
