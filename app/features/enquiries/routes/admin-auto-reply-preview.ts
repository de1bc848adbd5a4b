import { enquiryAutoReply } from "~/features/enquiries/enquiry-mail.server";

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
  const subject = mail.subject.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = mail.html.replace(/<title>[^<]*<\/title>|<head>/, (match) =>
    match === "<head>" ? `<head><title>Preview: ${subject}</title>` : `<title>Preview: ${subject}</title>`,
  );
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
