import { data } from "react-router";

import { queuedMail } from "~/platform/mail/mail.server";

import type { Route } from "./+types/admin-outbox-email";

const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * GET /admin/outbox/{id}: one e-mail of the outbox as its recipient reads it, sent or still waiting
 * (without SMTP_URL an owner follows a confirmation or an invitation from here). Its own policy: the
 * e-mail's inline styles apply, nothing in it runs or loads, and its links can still be followed.
 */
export function loader({ params }: Route.LoaderArgs) {
  const mail = queuedMail(params.id);
  if (!mail) throw data("No such e-mail in the outbox", { status: 404 });
  const title = `<title>Outbox: ${escaped(mail.subject)} (to ${escaped(mail.to)})</title>`;
  const html = /<title>[^<]*<\/title>/.test(mail.html)
    ? mail.html.replace(/<title>[^<]*<\/title>/, title)
    : mail.html.replace(/<head>/, `<head>${title}`);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
