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
export { enquiryJson } from "./enquiry-json";
export { receivedEnquiryJson } from "./enquiry-json";
