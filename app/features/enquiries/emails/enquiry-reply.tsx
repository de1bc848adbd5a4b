import { Heading, Text } from "@react-email/components";

import { BrandedEmail, EnquiryDetails, mailColours, mailText } from "~/platform/mail/branded-email";

/** The reply's own words around the agency's, in the enquiry's language (the interface catalog). */
export type EnquiryReplyWords = { lang: string; whatYouSent: string; budget: string };

export type EnquiryMailProps = {
  enquiry: { name: string; email: string; budget: string; goals: string };
  site: { name: string; url: string; address: string; email: string; phone: string };
};

/**
 * To the enquirer: the agency's own words (settings, "Reply to enquiries") with what they sent quoted
 * under them, so they know it arrived and what happens next.
 */
export function EnquiryReply({
  enquiry,
  site,
  heading,
  paragraphs,
  words = { lang: "en-IE", whatYouSent: "What you sent us", budget: "Budget" },
}: EnquiryMailProps & { heading: string; paragraphs: string[]; words?: EnquiryReplyWords }) {
  return (
    <BrandedEmail
      preview={paragraphs[0] ?? heading}
      agency={site.name}
      footer={site.address}
      siteUrl={site.url}
      lang={words.lang}
    >
      <Heading
        as="h1"
        style={{ fontSize: "22px", lineHeight: "30px", color: mailColours.fg, margin: "0 0 16px" }}
      >
        {heading}
      </Heading>
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={mailText}>
          {paragraph}
        </Text>
      ))}
      <Text
        style={{
          ...mailText,
          fontSize: "13px",
          fontWeight: 600,
          letterSpacing: "0.08em",
          textTransform: "uppercase",
          color: mailColours.muted,
          margin: "24px 0 0",
        }}
      >
        {words.whatYouSent}
      </Text>
      <EnquiryDetails rows={[[words.budget, enquiry.budget]]} goals={enquiry.goals} />
      <Text style={{ ...mailText, color: mailColours.muted, fontSize: "14px", margin: 0 }}>
        {site.email} · {site.phone}
      </Text>
    </BrandedEmail>
  );
}
