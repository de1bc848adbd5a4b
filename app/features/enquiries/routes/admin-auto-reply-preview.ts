import { enquiryAutoReply } from "~/features/enquiries/enquiry-mail.server";
import { mailAsPage } from "~/platform/mail/mail-page";

/** A made-up enquiry, so the preview shows the quoted message as a real one would. */
const SAMPLE = {
  name: "Aoife Byrne",
  email: "aoife@example.ie",
  budget: "10k-25k",
  goals:
    "We run three physio clinics in Dublin and want more bookings online.\n\nOur site is slow on phones.",
};

/**
 * GET /admin/auto-reply-preview: the auto-reply as an enquirer receives it, in the saved wording. Its
 * own policy: the e-mail's inline styles apply, nothing in it runs or loads.
 */
export async function loader() {
  const mail = await enquiryAutoReply(SAMPLE);
  return mailAsPage(mail.html, `Preview: ${mail.subject}`);
}
