export { enquiryHistories, countNewEnquiries, enquiriesFrom, sameAddress } from "./enquiries.server";
