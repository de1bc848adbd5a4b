import { z } from "zod";

import { jsonError, readBody } from "~/lib/api.server";
import { clientIp } from "~/lib/request-context";
import { recordPageView } from "~/services/analytics.server";

import type { Route } from "./+types/event";

/** A beacon is under 1 KB: anything bigger is not one. */
const EVENT_LIMIT_BYTES = 1024;

const EventSchema = z.object({
  /** The page's path and query. */
  p: z.string().min(1).max(EVENT_LIMIT_BYTES),
  /** document.referrer ("" for none). */
  r: z.string().max(EVENT_LIMIT_BYTES).default(""),
});

/**
 * POST /api/event `{"p": "/services/seo?utm_source=x", "r": "https://www.google.com/"}` → 204: the page
 * beacon's page view (sendBeacon sends it as text/plain, JSON inside). 204 also for a bot or a page
 * that is not counted: the beacon learns nothing either way. 400 for a body that is not such an event.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const body = await readBody(request, EVENT_LIMIT_BYTES);
  let event: z.infer<typeof EventSchema>;
  try {
    event = EventSchema.parse(JSON.parse(body.toString("utf8")));
  } catch {
    return jsonError(400, 'Send {"p": "<path>", "r": "<referrer>"} as JSON');
  }
  recordPageView({
    url: event.p,
    referrer: event.r,
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent") ?? "",
    siteHost: new URL(request.url).host,
  });
  return new Response(null, { status: 204 });
}

export function loader() {
  return jsonError(405, "Use POST to send a page view", undefined, { Allow: "POST" });
}
