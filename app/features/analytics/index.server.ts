export { cameFrom, visitOfEnquiry } from "./analytics.server";
export { analyticsReport } from "./analytics-report.server";
