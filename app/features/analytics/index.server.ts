export { cameFrom, visitOfEnquiry } from "./analytics.server";
