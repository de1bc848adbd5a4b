import { analyticsReportJson } from "~/features/analytics/analytics-json";
import { analyticsReport, periodOf } from "~/features/analytics/analytics-report.server";
import { jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-analytics";

/**
 * GET /api/analytics[?from=YYYY-MM-DD&to=YYYY-MM-DD | ?period=7d|30d|90d|365d] (admin only): the
 * dashboard's figures as JSON, the previous period's summary beside them. Default: the last 30 days.
 */
export function loader({ request }: Route.LoaderArgs) {
  const asked = periodOf(new URL(request.url).searchParams);
  if ("issues" in asked) return jsonError(400, "Invalid query", asked.issues);
  return Response.json(analyticsReportJson(analyticsReport(asked.period)), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
