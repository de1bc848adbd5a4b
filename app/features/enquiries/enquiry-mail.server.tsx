import type { Attribution, Enquiry } from "#db/schema";
import { attributionRows } from "~/features/analytics";
import { EnquiryAlert } from "~/features/enquiries/emails/enquiry-alert";
import { type EnquiryMailProps, EnquiryReply } from "~/features/enquiries/emails/enquiry-reply";
import { budgetLabel } from "~/features/enquiries/schemas";
import { getEnv } from "~/platform/env.server";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { renderEmail } from "~/platform/mail/render";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";
import { siteWordsFor } from "~/platform/site/site-words.server";

/** What a visitor fills in: from the form, or from a stored enquiry. */
type EnquiryFields = Pick<Enquiry, "name" | "email" | "budget" | "goals">;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

function mailProps(input: EnquiryFields, site = getSiteFacts(), notGiven = "Not given"): EnquiryMailProps {
  return {
    enquiry: {
      name: input.name,
      email: input.email,
      budget: budgetLabel(input.budget) ?? notGiven,
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
 * quoted under them, replying to the agency's own address; the e-mail's own words in `lang`.
 */
async function toEnquirer(
  input: EnquiryFields,
  subject: string,
  words: string,
  lang: Language = "en",
): Promise<OutgoingMail> {
  const site = getSiteFacts();
  const t = translatorFor(lang);
  const [heading, ...paragraphs] = words.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  return {
    to: input.email,
    replyTo: site.email,
    subject: oneLine(subject),
    ...(await renderEmail(
      <EnquiryReply
        {...mailProps(input, site, t("mail.reply.notGiven"))}
        heading={heading ?? ""}
        paragraphs={paragraphs.filter(Boolean)}
        words={{
          lang: LANGUAGES[lang].tag,
          whatYouSent: t("mail.reply.whatYouSent"),
          budget: t("mail.reply.budget"),
        }}
      />,
    )),
  };
}

/**
 * The auto-reply: the agency's words from the settings ({firstName} and the facts' tokens filled in), in
 * the enquiry's language where the owner wrote them in it (Site settings → the language), else the
 * default language's.
 */
export function enquiryAutoReply(input: EnquiryFields & { lang?: string | null }): Promise<OutgoingMail> {
  const site = getSiteFacts();
  const { lang, words } = siteWordsFor(input.lang, site);
  const firstName = oneLine(input.name).split(" ")[0]!;
  const filled = withFacts({ subject: words.autoReplySubject, body: words.autoReplyBody }, site, {
    firstName,
  });
  return toEnquirer(input, filled.subject, filled.body, lang);
}

/** A reply written in the admin. */
export function enquiryAnswer(
  input: EnquiryFields & { lang?: string | null },
  { subject, message }: { subject: string; message: string },
): Promise<OutgoingMail> {
  // The e-mail's own words ("What you sent us") in the language the enquiry was sent in.
  return toEnquirer(input, subject, message, isLanguage(input.lang) ? input.lang : "en");
}
