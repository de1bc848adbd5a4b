export type { NewsletterResult } from "./components/newsletter-form";
export { NewsletterForm } from "./components/newsletter-form";
export { NewsletterNotice } from "./emails/newsletter";
export { NewsletterSchema } from "./schemas";
