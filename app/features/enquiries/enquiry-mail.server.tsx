import type { Attribution, Enquiry } from "#db/schema";
import { attributionRows } from "~/features/analytics";
import { EnquiryAlert } from "~/features/enquiries/emails/enquiry-alert";
import { type EnquiryMailProps, EnquiryReply } from "~/features/enquiries/emails/enquiry-reply";
import { budgetLabel } from "~/features/enquiries/schemas";
import { getEnv } from "~/platform/env.server";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { renderEmail } from "~/platform/mail/render";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";

/** What a visitor fills in: from the form, or from a stored enquiry. */
type EnquiryFields = Pick<Enquiry, "name" | "email" | "budget" | "goals">;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

function mailProps(input: EnquiryFields, site = getSiteFacts()): EnquiryMailProps {
  return {
    enquiry: {
      name: input.name,
      email: input.email,
      budget: budgetLabel(input.budget) ?? "Not given",
      goals: input.goals,
    },
    site: {
      name: site.name,
      url: getEnv().SITE_URL,
      address: site.formattedAddress,
      email: site.email,
      phone: site.phone,
    },
  };
}

/**
 * To the agency (ENQUIRY_NOTIFY_TO, or else its own address in the settings, so a site without the
 * variable still tells someone): the enquiry and where its visit came from; replying answers it.
 */
export async function enquiryAlert(
  input: EnquiryFields & { attribution: Attribution | null },
): Promise<OutgoingMail> {
  return {
    to: getEnv().ENQUIRY_NOTIFY_TO ?? getSiteFacts().email,
    replyTo: input.email,
    subject: `New enquiry from ${oneLine(input.name)}`,
    ...(await renderEmail(<EnquiryAlert {...mailProps(input)} came={attributionRows(input.attribution)} />)),
  };
}

/**
 * To the enquirer: words from the agency (their first paragraph set as the greeting), the enquiry
 * quoted under them, replying to the agency's own address.
 */
async function toEnquirer(input: EnquiryFields, subject: string, words: string): Promise<OutgoingMail> {
  const site = getSiteFacts();
  const [heading, ...paragraphs] = words.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  return {
    to: input.email,
    replyTo: site.email,
    subject: oneLine(subject),
    ...(await renderEmail(
      <EnquiryReply
        {...mailProps(input, site)}
        heading={heading ?? ""}
        paragraphs={paragraphs.filter(Boolean)}
      />,
    )),
  };
}

/** The auto-reply: the agency's words from the settings ({firstName} and the facts' tokens filled in). */
export function enquiryAutoReply(input: EnquiryFields): Promise<OutgoingMail> {
  const site = getSiteFacts();
  const firstName = oneLine(input.name).split(" ")[0]!;
  const words = withFacts({ subject: site.autoReplySubject, body: site.autoReplyBody }, site, { firstName });
  return toEnquirer(input, words.subject, words.body);
}

/** A reply written in the admin. */
export function enquiryAnswer(
  input: EnquiryFields,
  { subject, message }: { subject: string; message: string },
): Promise<OutgoingMail> {
  return toEnquirer(input, subject, message);
}
