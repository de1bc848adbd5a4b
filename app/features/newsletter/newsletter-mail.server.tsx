import type { Post } from "#db/schema";
import { NewsletterPost } from "~/features/newsletter/emails/newsletter";
import { getEnv } from "~/platform/env.server";
import { emailBodyHtml } from "~/platform/mail/email-html.server";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { type MailSite, NoticeEmail } from "~/platform/mail/notice-email";
import { renderEmail } from "~/platform/mail/render";
import { sealToken } from "~/platform/sealed-token.server";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

function mailSite(): MailSite & { email: string } {
  const facts = getSiteFacts();
  return { name: facts.name, url: getEnv().SITE_URL, address: facts.formattedAddress, email: facts.email };
}

export const unsubscribeUrl = (token: string) =>
  `${getEnv().SITE_URL}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** Stands in a notice's rendered body for the reader's own token (a sign-up renders no e-mail itself). */
const NOTICE_TOKEN_SLOT = "NWNOTICETOKENSLOT";
type Rendered = { html: string; text: string };
/** Each notice rendered once per wording of the agency's facts: React Email takes milliseconds a render. */
const notices = new Map<string, Promise<Rendered>>();

function notice(name: string, site: MailSite, draw: () => Parameters<typeof renderEmail>[0]) {
  const key = `${name} ${JSON.stringify(site)}`;
  let rendered = notices.get(key);
  if (!rendered) {
    if (notices.size >= 16) notices.clear();
    rendered = renderEmail(draw());
    rendered.catch(() => notices.delete(key));
    notices.set(key, rendered);
  }
  return rendered;
}

const withToken = ({ html, text }: Rendered, token: string): Rendered => {
  const fill = (body: string) => body.replaceAll(NOTICE_TOKEN_SLOT, encodeURIComponent(token));
  return { html: fill(html), text: fill(text) };
};

/** The double opt-in e-mail: nothing else is ever sent to an address until this link is opened. */
export async function confirmationMail(to: string, token: string): Promise<OutgoingMail> {
  const site = mailSite();
  const rendered = await notice("confirm", site, () => (
    <NoticeEmail
      site={site}
      heading="Confirm your subscription"
      paragraphs={[
        `Someone, hopefully you, asked to receive ${site.name}'s monthly e-mail on SEO, ads and growth at this address.`,
        "Press the button to confirm. The link works for a week.",
      ]}
      action={{
        href: `${site.url}/newsletter/confirm?token=${NOTICE_TOKEN_SLOT}`,
        label: "Yes, subscribe me",
      }}
      after="If it wasn't you, ignore this e-mail: without confirmation you won't hear from us again."
    />
  ));
  return { to, subject: `Confirm your subscription to ${site.name}`, ...withToken(rendered, token) };
}

/** The answer to a sign-up from an address that is already confirmed: a reminder, and the way out. */
export async function alreadySubscribedMail(to: string, unsubscribeToken: string): Promise<OutgoingMail> {
  const site = mailSite();
  const rendered = await notice("already", site, () => (
    <NoticeEmail
      site={site}
      heading="You're already subscribed"
      paragraphs={[
        `Someone, hopefully you, asked to subscribe this address to ${site.name}'s newsletter. It already is, so nothing has changed.`,
      ]}
      action={{ href: `${site.url}/blog`, label: "Read the latest posts" }}
      after={`Don't want our e-mails any more? Unsubscribe here: ${unsubscribeUrl(NOTICE_TOKEN_SLOT)}`}
    />
  ));
  return {
    to,
    subject: `You're already subscribed to ${site.name}`,
    ...withToken(rendered, unsubscribeToken),
  };
}

/** Stands in the rendered newsletter for each recipient's own unsubscribe token. */
const TOKEN_SLOT = "NWUNSUBSCRIBETOKENSLOT";

export type NewsletterContent = "full" | "excerpt";
export type NewsletterTemplate = { subject: string; html: string; text: string };

/** A post as its newsletter e-mail, rendered once per send; `personalize` makes each recipient's copy. */
export async function newsletterTemplate(
  post: Pick<Post, "title" | "slug" | "excerpt" | "content" | "coverImage" | "coverAlt">,
  content: NewsletterContent,
): Promise<NewsletterTemplate> {
  const site = mailSite();
  const postUrl = `${site.url}/blog/${post.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=${encodeURIComponent(post.slug)}`;
  const cover = post.coverImage
    ? {
        src: post.coverImage.startsWith("/") ? `${site.url}${post.coverImage}` : post.coverImage,
        alt: post.coverAlt ?? "",
      }
    : null;
  const rendered = await renderEmail(
    <NewsletterPost
      site={site}
      post={{
        title: post.title,
        excerpt: post.excerpt,
        url: postUrl,
        cover,
        bodyHtml:
          content === "full"
            ? emailBodyHtml(sanitizePostHtml(post.content), { siteUrl: site.url, postUrl })
            : null,
      }}
      unsubscribeUrl={unsubscribeUrl(TOKEN_SLOT)}
    />,
  );
  return { subject: post.title, ...rendered };
}

/**
 * One recipient's copy: their own unsubscribe link in the footer and in the headers Gmail and Yahoo
 * require of bulk senders (RFC 2369 and RFC 8058 one-click).
 */
export function personalize(template: NewsletterTemplate, to: string): OutgoingMail {
  const site = mailSite();
  const token = sealToken("newsletter-unsubscribe", to);
  const link = unsubscribeUrl(token);
  const fill = (body: string) => body.replaceAll(TOKEN_SLOT, encodeURIComponent(token));
  return {
    to,
    subject: template.subject,
    html: fill(template.html),
    text: fill(template.text),
    headers: {
      "List-Unsubscribe": `<${link}>, <mailto:${site.email}?subject=Unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `${site.name} newsletter <newsletter.${new URL(site.url).hostname}>`,
    },
  };
}
