import { analyticsReportJson } from "~/features/analytics/analytics-json";
import { analyticsReport, languageFilterOf, periodOf } from "~/features/analytics/analytics-report.server";
import { jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-analytics";

/**
 * GET /api/analytics[?from=YYYY-MM-DD&to=YYYY-MM-DD | ?period=7d|30d|90d|365d][&lang=ga] (admin only):
 * the dashboard's figures as JSON, the previous period's summary beside them, for every language or the
 * visits of one (their landing page's). Default: the last 30 days, every language.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = periodOf(params);
  const language = languageFilterOf(params);
  const issues = [
    ...("issues" in asked ? asked.issues : []),
    ...("issues" in language ? language.issues : []),
  ];
  if ("issues" in asked || "issues" in language) return jsonError(400, "Invalid query", issues);
  return Response.json(analyticsReportJson(analyticsReport(asked.period, language.lang)), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
