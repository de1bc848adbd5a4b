import type { AnalyticsReport } from "./analytics-report.server";

/**
 * GET /api/analytics's answer: the report's parts named one by one, so a part added to the dashboard's
 * report reaches the API only when someone lists it here (and in docs/product.md). The parts are
 * figures the report computes, not table rows.
 */
export function analyticsReportJson(report: AnalyticsReport) {
  return {
    period: report.period,
    previousPeriod: report.previousPeriod,
    language: report.language,
    summary: report.summary,
    previous: report.previous,
    series: report.series,
    pages: report.pages,
    posts: report.posts,
    sources: report.sources,
    campaigns: report.campaigns,
    referrers: report.referrers,
    landingPages: report.landingPages,
    languages: report.languages,
    devices: report.devices,
    vitals: report.vitals,
  };
}
