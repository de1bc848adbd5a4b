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
