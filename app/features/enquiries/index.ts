export { InboxSubpageHeading, received } from "./components/enquiry-parts";
export { EnquirySchema } from "./schemas";
