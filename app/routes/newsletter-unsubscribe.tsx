import { data } from "react-router";

import { MessageCard } from "~/components/newsletter/message-card";
import { buttonClass } from "~/components/ui/button-link";
import { readFormBody } from "~/lib/api.server";
import { clientIp } from "~/lib/request-context";
import { openToken } from "~/lib/sealed-token.server";
import { pageMeta } from "~/lib/seo";
import { resubscribe, unsubscribe } from "~/services/newsletter.server";

import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Unsubscribe", noindex: true }, matches);
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

const noStore = { "Cache-Control": "private, no-store" };
type State = "ask" | "unsubscribed" | "resubscribed" | "invalid";

/**
 * GET /newsletter/unsubscribe?token= — the link in every newsletter's footer: a page that asks (a mail
 * scanner opening links must not unsubscribe anyone), then confirms and offers to subscribe again.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const opened = openToken("newsletter-unsubscribe", token);
  const email = opened && opened !== "expired" ? opened.email : null;
  return data({ state: (email ? "ask" : "invalid") as State, email }, { headers: noStore });
}

/**
 * POST /newsletter/unsubscribe?token= — unsubscribes at once, no sign-in: the page's button, and the
 * one-click POST (`List-Unsubscribe=One-Click`, RFC 8058) mail providers send from their own button.
 * `intent=resubscribe` is the page's "Subscribe again".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readFormBody(request, 1024).catch(() => new FormData());
  const again = form.get("intent") === "resubscribe";
  const done = again ? resubscribe(token, clientIp(context)) : unsubscribe(token);
  const state: State = !done ? "invalid" : again ? "resubscribed" : "unsubscribed";
  return data({ state, email: done?.email ?? null }, { status: done ? 200 : 400, headers: noStore });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email } = actionData ?? loaderData;
  if (state === "invalid")
    return (
      <MessageCard eyebrow="Newsletter" heading="This link doesn't work">
        <p>
          It may be incomplete. Use the Unsubscribe link at the foot of any of our e-mails, or write to us and
          we'll take you off the list.
        </p>
        <p>
          <a href="/contact" className={buttonClass("outline")}>
            Contact us
          </a>
        </p>
      </MessageCard>
    );
  if (state === "ask")
    return (
      <MessageCard eyebrow="Newsletter" heading="Unsubscribe from our e-mails?">
        <p>
          <strong className="font-semibold text-fg">{email}</strong> will get no more newsletters from us.
        </p>
        <form method="post">
          <button type="submit" className={buttonClass("primary")}>
            Unsubscribe
          </button>
        </form>
      </MessageCard>
    );
  if (state === "unsubscribed")
    return (
      <MessageCard eyebrow="Newsletter" heading="You're unsubscribed">
        <p>
          We won't e-mail <strong className="font-semibold text-fg">{email}</strong> again. Sorry to see you
          go.
        </p>
        <form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="resubscribe" />
          <p className="text-sm">Changed your mind, or clicked by mistake?</p>
          <button type="submit" className={buttonClass("outline")}>
            Subscribe again
          </button>
        </form>
      </MessageCard>
    );
  return (
    <MessageCard eyebrow="Newsletter" heading="You're subscribed again">
      <p>
        Welcome back. Our next e-mail will come to <strong className="font-semibold text-fg">{email}</strong>.
      </p>
      <p>
        <a href="/blog" className={buttonClass("primary")}>
          Read the blog
        </a>
      </p>
    </MessageCard>
  );
}
