export type { Enquiry } from "./enquiries.server";
export {
  addEnquiryNote,
  countNewEnquiries,
  enquiriesFrom,
  enquiryHistories,
  listEnquiries,
  sameAddress,
  setEnquiryStatus,
  storeEnquiry,
  takeEnquiryAllowance,
} from "./enquiries.server";
export { submitEnquiry } from "./enquiry-intake.server";
export { enquiryJson } from "./enquiry-json";
export { receivedEnquiryJson } from "./enquiry-json";
