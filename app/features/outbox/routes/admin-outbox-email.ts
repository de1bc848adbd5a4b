import { data } from "react-router";

import { queuedMail } from "~/platform/mail/mail.server";
import { mailAsPage } from "~/platform/mail/mail-page";

import type { Route } from "./+types/admin-outbox-email";

/**
 * GET /admin/outbox/{id}: one e-mail of the outbox as its recipient reads it, sent or still waiting
 * (without SMTP_URL an owner follows a confirmation or an invitation from here). Its own policy: the
 * e-mail's inline styles apply, nothing in it runs or loads, and its links can still be followed.
 */
export function loader({ params }: Route.LoaderArgs) {
  const mail = queuedMail(params.id);
  if (!mail) throw data("No such e-mail in the outbox", { status: 404 });
  return mailAsPage(mail.html, `Outbox: ${mail.subject} (to ${mail.to})`, { images: true });
}
