export { InboxSubpageHeading, received } from "./components/enquiry-parts";
export { contactStats, faqs } from "./content";
export { EnquirySchema } from "./schemas";
