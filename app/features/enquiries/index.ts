export { InboxSubpageHeading, received } from "./components/enquiry-parts";
