export { cameFrom, visitOfEnquiry } from "./analytics.server";
export {
  BEACON_LIMIT_BYTES,
  flushPageViews,
  forgetSalt,
  recordBeacon,
  recordPageView,
  recordVitals,
  visitorToday,
} from "./analytics.server";
export { analyticsReportJson } from "./analytics-json";
export { analyticsReport } from "./analytics-report.server";
export { periodOf } from "./analytics-report.server";
export { analyticsTask, rollUpFinishedDays } from "./analytics-rollup.server";
export { beaconWait } from "./beacon-limits.server";
export { rememberLanding } from "./landings.server";
export { pageViewRoute } from "./page-view-route.server";
