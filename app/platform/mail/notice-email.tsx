import { Button, Heading, Section, Text } from "@react-email/components";

import { BrandedEmail, mailColours, mailText } from "./branded-email";

export type MailSite = { name: string; url: string; address: string };

export const headingStyle = {
  fontSize: "22px",
  lineHeight: "30px",
  color: mailColours.fg,
  margin: "0 0 16px",
};

export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Button
      href={href}
      className="nw-button"
      style={{
        backgroundColor: mailColours.primary,
        color: "#ffffff",
        borderRadius: "999px",
        fontSize: "16px",
        fontWeight: 600,
        padding: "12px 24px",
        textDecoration: "none",
      }}
    >
      {children}
    </Button>
  );
}

/** A short message with one button: confirm a subscription, a reminder that it exists, join the staff. */
export function NoticeEmail({
  site,
  heading,
  paragraphs,
  action,
  after,
  lang,
}: {
  site: MailSite;
  /** The language tag of its words ("ga-IE"); English without one. */
  lang?: string;
  heading: string;
  paragraphs: string[];
  action: { href: string; label: string };
  /** Under the button: what to do if this was not them. */
  after: string;
}) {
  return (
    <BrandedEmail
      preview={paragraphs[0] ?? heading}
      agency={site.name}
      footer={site.address}
      siteUrl={site.url}
      lang={lang}
    >
      <Heading as="h1" className="nw-fg" style={headingStyle}>
        {heading}
      </Heading>
      {paragraphs.map((paragraph, index) => (
        <Text key={index} className="nw-fg" style={mailText}>
          {paragraph}
        </Text>
      ))}
      <Section style={{ margin: "8px 0 20px" }}>
        <MailButton href={action.href}>{action.label}</MailButton>
      </Section>
      <Text
        className="nw-muted"
        style={{ ...mailText, fontSize: "14px", color: mailColours.muted, margin: 0 }}
      >
        {after}
      </Text>
    </BrandedEmail>
  );
}
