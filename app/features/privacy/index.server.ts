export { retentionTask } from "./privacy.server";
export { erasePersonalData, erasureJson, personalData, personalEnquiryJson } from "./privacy.server";
