export { countNewEnquiries, enquiriesFrom, enquiryHistories, sameAddress } from "./enquiries.server";
