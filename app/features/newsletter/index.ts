export type { NewsletterResult } from "./components/newsletter-form";
export { NewsletterForm } from "./components/newsletter-form";
export { newsletter } from "./content";
export { NewsletterSchema } from "./schemas";
