import { Button, Heading, Text } from "@react-email/components";

import { BrandedEmail, EnquiryDetails, mailColours, mailText } from "~/platform/mail/branded-email";

import type { EnquiryMailProps } from "./enquiry-reply";

/** To the agency: a new enquiry, everything in it, and the way to the inbox. Replying answers the enquirer. */
export function EnquiryAlert({ enquiry, site, came }: EnquiryMailProps & { came: [string, string][] }) {
  const inbox = `${site.url}/admin/enquiries`;
  return (
    <BrandedEmail
      preview={`${enquiry.name}: ${enquiry.goals.slice(0, 90)}`}
      agency={site.name}
      footer={site.address}
      siteUrl={site.url}
    >
      <Heading
        as="h1"
        style={{ fontSize: "22px", lineHeight: "30px", color: mailColours.fg, margin: "0 0 8px" }}
      >
        New enquiry from the website
      </Heading>
      <Text style={{ ...mailText, color: mailColours.muted }}>
        Reply to this e-mail to answer {enquiry.name} directly.
      </Text>
      <EnquiryDetails
        rows={[["Name", enquiry.name], ["E-mail", enquiry.email], ["Budget", enquiry.budget], ...came]}
        goals={enquiry.goals}
      />
      <Button
        href={inbox}
        style={{
          backgroundColor: mailColours.primary,
          color: "#ffffff",
          borderRadius: "999px",
          padding: "12px 22px",
          fontWeight: 600,
          fontSize: "15px",
        }}
      >
        Open the enquiries inbox
      </Button>
    </BrandedEmail>
  );
}
