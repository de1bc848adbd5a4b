export type { Enquiry } from "./enquiries.server";
export { countNewEnquiries, enquiriesFrom, enquiryHistories, sameAddress } from "./enquiries.server";
export { enquiryJson } from "./enquiry-json";
