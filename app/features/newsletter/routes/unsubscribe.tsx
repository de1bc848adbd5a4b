import { data } from "react-router";

import { MessageCard } from "~/features/newsletter/components/message-card";
import { newsletter } from "~/features/newsletter/content";
import {
  findSubscriber,
  SUBSCRIBE_AGAIN_MINUTES,
  subscribeAgain,
  tooManySignups,
  unsubscribe,
} from "~/features/newsletter/newsletter.server";
import { readFormBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";
import { pageMeta } from "~/platform/pages/seo";
import { openToken } from "~/platform/sealed-token.server";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Unsubscribe", noindex: true }, matches);
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

const noStore = { "Cache-Control": "private, no-store" };

type Page =
  | { state: "ask"; email: string }
  | { state: "not-listed" }
  | { state: "unsubscribed"; email: string; again: string | null }
  | { state: "check-inbox"; email: string }
  | { state: "limited"; message: string }
  | { state: "offer-expired"; minutes: number }
  | { state: "invalid" };

const answer = (page: Page, status = 200, extra: Record<string, string> = {}) =>
  data(page, { status, headers: { ...noStore, ...extra } });

/**
 * GET /newsletter/unsubscribe?token= — the link in every newsletter's footer: a page that asks (a mail
 * scanner opening links must not unsubscribe anyone). A link that is not ours is a 400.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const opened = openToken("newsletter-unsubscribe", token);
  if (!opened || opened === "expired") return answer({ state: "invalid" }, 400);
  if (!findSubscriber(opened.email)) return answer({ state: "not-listed" });
  return answer({ state: "ask", email: opened.email });
}

/**
 * POST /newsletter/unsubscribe?token= — unsubscribes at once, no sign-in: the page's button, and the
 * one-click POST (`List-Unsubscribe=One-Click`, RFC 8058) mail providers send from their own button.
 * `intent=subscribe-again` is the page's "Subscribe again", which starts the normal double opt-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, 2048).catch(() => new FormData());
  if (form.get("intent") === "subscribe-again") {
    const outcome = await subscribeAgain(String(form.get("again") ?? ""), clientIp(context));
    if (outcome.kind === "accepted") return answer({ state: "check-inbox", email: outcome.email });
    if (outcome.kind === "rate-limited")
      return answer({ state: "limited", message: tooManySignups(outcome.retryAfterSeconds) }, 429, {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    if (outcome.kind === "expired")
      return answer({ state: "offer-expired", minutes: SUBSCRIBE_AGAIN_MINUTES }, 410);
    return answer({ state: "invalid" }, 400);
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = unsubscribe(token);
  if (!done) return answer({ state: "invalid" }, 400);
  return answer({ state: "unsubscribed", email: done.email, again: done.subscribeAgain });
}

const signUpOnTheBlog = (
  <p>
    <a href="/blog#newsletter" className={buttonClass("primary")}>
      Sign up on the blog
    </a>
  </p>
);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  switch (page.state) {
    case "invalid":
      return (
        <MessageCard eyebrow="Newsletter" heading="This link doesn't work">
          <p>
            It may be incomplete. Use the Unsubscribe link at the foot of any of our e-mails, or write to us
            and we'll take you off the list.
          </p>
          <p>
            <a href="/contact" className={buttonClass("outline")}>
              Contact us
            </a>
          </p>
        </MessageCard>
      );
    case "not-listed":
      return (
        <MessageCard eyebrow="Newsletter" heading="You're not on our list">
          <p>This address isn't subscribed, so there is nothing to unsubscribe: we send it no newsletters.</p>
        </MessageCard>
      );
    case "ask":
      return (
        <MessageCard eyebrow="Newsletter" heading="Unsubscribe from our e-mails?">
          <p>
            <strong className="font-semibold text-fg">{page.email}</strong> will get no more newsletters from
            us.
          </p>
          <form method="post">
            <button type="submit" className={buttonClass("primary")}>
              Unsubscribe
            </button>
          </form>
        </MessageCard>
      );
    case "unsubscribed":
      return (
        <MessageCard eyebrow="Newsletter" heading="You're unsubscribed">
          <p>
            We won't e-mail <strong className="font-semibold text-fg">{page.email}</strong> again. Sorry to
            see you go.
          </p>
          {page.again && (
            <form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="subscribe-again" />
              <input type="hidden" name="again" value={page.again} />
              <p className="text-sm">Changed your mind, or clicked by mistake?</p>
              <button type="submit" className={buttonClass("outline")}>
                Subscribe again
              </button>
              <p className="text-xs">{newsletter.consent.text}</p>
            </form>
          )}
        </MessageCard>
      );
    case "check-inbox":
      return (
        <MessageCard eyebrow="Newsletter" heading="Check your inbox">
          <p>
            We've sent a link to <strong className="font-semibold text-fg">{page.email}</strong>. Open it to
            confirm and you're subscribed again; until then we send you nothing.
          </p>
        </MessageCard>
      );
    case "limited":
      return (
        <MessageCard eyebrow="Newsletter" heading="Please wait a little">
          <p>{page.message}</p>
        </MessageCard>
      );
    case "offer-expired":
      return (
        <MessageCard eyebrow="Newsletter" heading="This button has expired">
          <p>
            Subscribing again from here works for {page.minutes} minutes after leaving. Sign up on the blog
            instead.
          </p>
          {signUpOnTheBlog}
        </MessageCard>
      );
  }
}
