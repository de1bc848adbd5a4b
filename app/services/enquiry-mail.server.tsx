import { render } from "@react-email/components";
import type { ReactElement } from "react";

import type { Attribution, Contact } from "#db/schema";
import { EnquiryAlert } from "~/emails/enquiry-alert";
import { type EnquiryMailProps, EnquiryReply } from "~/emails/enquiry-reply";
import { getEnv } from "~/env.server";
import { budgetLabel } from "~/lib/schemas";
import { withFacts } from "~/lib/site-settings";
import { attributionRows } from "~/lib/traffic-source";

import type { OutgoingMail } from "./mail.server";
import { getSiteFacts } from "./site-settings.server";

/** Plain text as people write it: headings as they are, not in capitals. */
const asText = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [1, 2, 3].map((level) => ({ selector: `h${level}`, options: { uppercase: false } })),
  },
} as const;

/** An e-mail as HTML and as plain text, from one component (React Email). */
async function rendered(email: ReactElement) {
  const [html, text] = await Promise.all([render(email), render(email, asText)]);
  return { html, text };
}

/** What a visitor fills in: from the form, or from a stored enquiry. */
type EnquiryFields = Pick<Contact, "name" | "email" | "budget" | "goals">;

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

/** To the agency (CONTACT_NOTIFY_TO): the enquiry and where its visit came from; replying answers it. */
export async function enquiryAlert(
  input: EnquiryFields & { attribution: Attribution | null },
): Promise<OutgoingMail> {
  return {
    to: getEnv().CONTACT_NOTIFY_TO!,
    replyTo: input.email,
    subject: `New enquiry from ${oneLine(input.name)}`,
    ...(await rendered(<EnquiryAlert {...mailProps(input)} came={attributionRows(input.attribution)} />)),
  };
}

/**
 * To the enquirer: the agency's words from the settings ({firstName} and the facts' tokens filled in),
 * replying to the agency's own address.
 */
export async function enquiryAutoReply(input: EnquiryFields): Promise<OutgoingMail> {
  const site = getSiteFacts();
  const firstName = oneLine(input.name).split(" ")[0]!;
  const words = withFacts({ subject: site.autoReplySubject, body: site.autoReplyBody }, site, { firstName });
  const [heading, ...paragraphs] = words.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  return {
    to: input.email,
    replyTo: site.email,
    subject: oneLine(words.subject),
    ...(await rendered(
      <EnquiryReply
        {...mailProps(input, site)}
        heading={heading ?? ""}
        paragraphs={paragraphs.filter(Boolean)}
      />,
    )),
  };
}
