import { Heading, Img, Link, Section, Text } from "@react-email/components";

import { BrandedEmail, mailColours, mailText } from "~/platform/mail/branded-email";
import { headingStyle, MailButton, type MailSite } from "~/platform/mail/notice-email";

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
  /** Its own words in the readers' language (the interface catalog); English without. */
  words?: NewsletterWords;
};

export type NewsletterWords = {
  lang: string;
  why: string;
  unsubscribe: string;
  readOnSite: string;
  readFull: string;
};

/** A blog post as the newsletter: cover, title, the whole post or its excerpt, and the way to the site. */
export function NewsletterPost({
  site,
  post,
  unsubscribeUrl,
  words = {
    lang: "en-IE",
    why: `You're receiving this because you subscribed to ${site.name}'s newsletter.`,
    unsubscribe: "Unsubscribe",
    readOnSite: "Read it on our site",
    readFull: "Read the full post",
  },
}: NewsletterPostProps) {
  return (
    <BrandedEmail
      preview={post.excerpt}
      agency={site.name}
      footer={site.address}
      siteUrl={site.url}
      lang={words.lang}
      footerNote={
        <>
          {words.why}{" "}
          <Link
            href={unsubscribeUrl}
            className="nw-link"
            style={{ color: mailColours.muted, textDecoration: "underline" }}
          >
            {words.unsubscribe}
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
        <MailButton href={post.url}>{post.bodyHtml ? words.readOnSite : words.readFull}</MailButton>
      </Section>
    </BrandedEmail>
  );
}
