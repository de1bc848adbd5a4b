import { data } from "react-router";

import { received } from "~/features/enquiries";
import { newsletterCopy } from "~/features/newsletter/index.server";
import { canSendMail, queuedMail } from "~/platform/mail/mail.server";
import { mailAsPage } from "~/platform/mail/mail-page";

import type { Route } from "./+types/admin-outbox-email";

/**
 * GET /admin/outbox/{id}: one e-mail of the outbox as its recipient reads it (a newsletter's too, one
 * subscriber's copy), sent or still waiting (without SMTP_URL an owner follows a confirmation or an
 * invitation from here), under its subject,
 * address and dates. Its own policy: the e-mail's inline styles apply, nothing in it runs or loads, and
 * its links can still be followed.
 */
export function loader({ params }: Route.LoaderArgs) {
  const found = queuedMail(params.id) ?? newsletterCopy(params.id);
  if (!found) throw data("No such e-mail in the outbox", { status: 404 });
  const { mail, queuedAt, sentAt } = found;
  return mailAsPage(mail.html, `Outbox: ${mail.subject} (to ${mail.to})`, {
    images: true,
    newTabs: true,
    heading: [
      ["Subject", mail.subject],
      ["To", mail.to],
      ...(mail.replyTo ? [["Reply to", mail.replyTo] as [string, string]] : []),
      ["Queued", received.format(queuedAt)],
      [
        "Sent",
        sentAt ? received.format(sentAt) : canSendMail() ? "Not yet" : "Not yet: e-mail is not set up",
      ],
    ],
  });
}
