export type { NewsletterResult } from "./components/newsletter-form";
export { NewsletterForm } from "./components/newsletter-form";
export { NewsletterSchema, newsletterSchema } from "./schemas";
export { inAudience } from "./send-audience";
