import { Button, Heading, Img, Link, Section, Text } from "@react-email/components";

import { BrandedEmail, mailColours, mailText } from "~/platform/mail/branded-email";

export type MailSite = { name: string; url: string; address: string };

const headingStyle = { fontSize: "22px", lineHeight: "30px", color: mailColours.fg, margin: "0 0 16px" };

function MailButton({ href, children }: { href: string; children: string }) {
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
export function NewsletterNotice({
  site,
  heading,
  paragraphs,
  action,
  after,
}: {
  site: MailSite;
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

export type NewsletterPostProps = {
  site: MailSite;
  post: {
    title: string;
    excerpt: string;
    url: string;
    cover: { src: string; alt: string } | null;
    /** The body as e-mail HTML (emailBodyHtml), or null to send the excerpt and a link. */
    bodyHtml: string | null;
  };
  unsubscribeUrl: string;
};

/** A blog post as the newsletter: cover, title, the whole post or its excerpt, and the way to the site. */
export function NewsletterPost({ site, post, unsubscribeUrl }: NewsletterPostProps) {
  return (
    <BrandedEmail
      preview={post.excerpt}
      agency={site.name}
      footer={site.address}
      siteUrl={site.url}
      footerNote={
        <>
          You're receiving this because you subscribed to {site.name}'s newsletter.{" "}
          <Link
            href={unsubscribeUrl}
            className="nw-link"
            style={{ color: mailColours.muted, textDecoration: "underline" }}
          >
            Unsubscribe
          </Link>
        </>
      }
    >
      {post.cover && (
        <Link href={post.url}>
          <Img
            src={post.cover.src}
            alt={post.cover.alt}
            width="504"
            style={{
              width: "100%",
              maxWidth: "504px",
              height: "auto",
              borderRadius: "12px",
              margin: "0 0 20px",
            }}
          />
        </Link>
      )}
      <Heading as="h1" className="nw-fg" style={{ ...headingStyle, fontSize: "26px", lineHeight: "34px" }}>
        <Link href={post.url} style={{ color: mailColours.fg, textDecoration: "none" }} className="nw-fg">
          {post.title}
        </Link>
      </Heading>
      {post.bodyHtml ? (
        <div dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      ) : (
        <Text className="nw-fg" style={{ ...mailText, fontSize: "17px", lineHeight: "28px" }}>
          {post.excerpt}
        </Text>
      )}
      <Section style={{ margin: "24px 0 0" }}>
        <MailButton href={post.url}>
          {post.bodyHtml ? "Read it on our site" : "Read the full post"}
        </MailButton>
      </Section>
    </BrandedEmail>
  );
}
