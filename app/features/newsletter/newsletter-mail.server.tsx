import type { Post } from "#db/schema";
import { NewsletterPost } from "~/features/newsletter/emails/newsletter";
import { getEnv } from "~/platform/env.server";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { type Language, LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
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

/** A newsletter page's address in the reader's language ("/ga/newsletter/unsubscribe" for Irish). */
function newsletterPageUrl(page: "confirm" | "unsubscribe", lang: Language | null | undefined): string {
  const site = siteLanguages();
  const chosen = site.languages.find((code) => code === lang) ?? site.default;
  return `${getEnv().SITE_URL}${pathIn(chosen, `/newsletter/${page}`, site)}`;
}

export const unsubscribeUrl = (token: string, lang?: Language | null) =>
  `${newsletterPageUrl("unsubscribe", lang)}?token=${encodeURIComponent(token)}`;

/** Stands in a notice's rendered body for the reader's own token (a sign-up renders no e-mail itself). */
const NOTICE_TOKEN_SLOT = "NWNOTICETOKENSLOT";
type Rendered = { html: string; text: string };
/** Each notice rendered once per language and wording of the agency's facts: React Email takes milliseconds a render. */
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

/** The language a reader's e-mails are in: theirs when the site is still in it, else the default. */
function readerLanguage(lang: Language | null | undefined): Language {
  const site = siteLanguages();
  return site.languages.find((code) => code === lang) ?? site.default;
}

/**
 * The double opt-in e-mail: nothing else is ever sent to an address until this link is opened. In the
 * language of the page they signed up on, its link to that language's confirmation page.
 */
export async function confirmationMail(
  to: string,
  token: string,
  lang?: Language | null,
): Promise<OutgoingMail> {
  const site = mailSite();
  const reader = readerLanguage(lang);
  const t = translatorFor(reader);
  const confirmUrl = newsletterPageUrl("confirm", reader);
  const rendered = await notice(`confirm ${reader} ${confirmUrl}`, site, () => (
    <NoticeEmail
      site={site}
      lang={LANGUAGES[reader].tag}
      heading={t("newsletter.confirmMail.heading")}
      paragraphs={[t("newsletter.confirmMail.asked", { name: site.name }), t("newsletter.confirmMail.press")]}
      action={{
        href: `${confirmUrl}?token=${NOTICE_TOKEN_SLOT}`,
        label: t("newsletter.confirmMail.button"),
      }}
      after={t("newsletter.confirmMail.notYou")}
    />
  ));
  return {
    to,
    subject: t("newsletter.confirmMail.subject", { name: site.name }),
    ...withToken(rendered, token),
  };
}

/** The answer to a sign-up from an address that is already confirmed: a reminder, and the way out. */
export async function alreadySubscribedMail(
  to: string,
  unsubscribeToken: string,
  lang?: Language | null,
): Promise<OutgoingMail> {
  const site = mailSite();
  const reader = readerLanguage(lang);
  const t = translatorFor(reader);
  // The blog's own address: its index in another language exists only once a post is translated.
  const blogUrl = `${site.url}/blog`;
  const leaveUrl = unsubscribeUrl(NOTICE_TOKEN_SLOT, reader);
  const rendered = await notice(`already ${reader} ${leaveUrl}`, site, () => (
    <NoticeEmail
      site={site}
      lang={LANGUAGES[reader].tag}
      heading={t("newsletter.alreadyMail.heading")}
      paragraphs={[t("newsletter.alreadyMail.asked", { name: site.name })]}
      action={{ href: blogUrl, label: t("newsletter.alreadyMail.button") }}
      after={t("newsletter.alreadyMail.leave", { url: leaveUrl })}
    />
  ));
  return {
    to,
    subject: t("newsletter.alreadyMail.subject", { name: site.name }),
    ...withToken(rendered, unsubscribeToken),
  };
}

/** Stands in the rendered newsletter for each recipient's own unsubscribe token. */
const TOKEN_SLOT = "NWUNSUBSCRIBETOKENSLOT";

export type NewsletterContent = "full" | "excerpt";
export type NewsletterTemplate = { subject: string; html: string; text: string };

/** A post as its newsletter e-mail, rendered once per send; `personalize` makes each recipient's copy. */
export async function newsletterTemplate(
  post: Pick<Post, "title" | "slug" | "excerpt" | "content" | "coverImage" | "coverAlt"> & {
    /** Its address on the site ("/ga/blog/…" for a translation); else the default language's. */
    path?: string;
  },
  content: NewsletterContent,
  /** The readers' language, when it goes to one language's subscribers: their unsubscribe page is in it. */
  lang?: Language,
): Promise<NewsletterTemplate> {
  const site = mailSite();
  const reader = readerLanguage(lang);
  const t = translatorFor(reader);
  const postUrl = `${site.url}${post.path ?? `/blog/${post.slug}`}?utm_source=newsletter&utm_medium=email&utm_campaign=${encodeURIComponent(post.slug)}`;
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
      unsubscribeUrl={unsubscribeUrl(TOKEN_SLOT, lang)}
      words={{
        lang: LANGUAGES[reader].tag,
        why: t("newsletter.mail.why", { name: site.name }),
        unsubscribe: t("newsletter.mail.unsubscribe"),
        readOnSite: t("newsletter.mail.readOnSite"),
        readFull: t("newsletter.mail.readFull"),
      }}
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
