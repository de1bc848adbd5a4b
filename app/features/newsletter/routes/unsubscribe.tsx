import { data } from "react-router";

import { MessageCard } from "~/features/newsletter/components/message-card";
import {
  findSubscriber,
  SUBSCRIBE_AGAIN_MINUTES,
  subscribeAgain,
  unsubscribe,
} from "~/features/newsletter/newsletter.server";
import { readFormBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";
import { languageOf } from "~/platform/i18n/request-language.server";
import { pageLanguageFrom, useWords, wordsOf } from "~/platform/i18n/use-words";
import { pageMeta } from "~/platform/pages/seo";
import { openToken } from "~/platform/sealed-token.server";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: wordsOf(pageLanguageFrom(matches)).t("newsletter.unsubscribe.title"), noindex: true },
    matches,
  );
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

const noStore = { "Cache-Control": "private, no-store" };

type Page =
  | { state: "ask"; email: string }
  | { state: "not-listed" }
  | { state: "unsubscribed"; email: string; again: string | null }
  | { state: "check-inbox"; email: string }
  | { state: "limited"; minutes: number }
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
    // Subscribing again from this page's language: the confirmation e-mail comes in it.
    const outcome = await subscribeAgain(
      String(form.get("again") ?? ""),
      clientIp(context),
      languageOf(context),
    );
    if (outcome.kind === "accepted") return answer({ state: "check-inbox", email: outcome.email });
    if (outcome.kind === "rate-limited")
      return answer(
        { state: "limited", minutes: Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)) },
        429,
        {
          "Retry-After": String(outcome.retryAfterSeconds),
        },
      );
    if (outcome.kind === "expired")
      return answer({ state: "offer-expired", minutes: SUBSCRIBE_AGAIN_MINUTES }, 410);
    return answer({ state: "invalid" }, 400);
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = unsubscribe(token);
  if (!done) return answer({ state: "invalid" }, 400);
  return answer({ state: "unsubscribed", email: done.email, again: done.subscribeAgain });
}

/** A message with the reader's address set in bold, wherever the language puts it in the sentence. */
function WithAddress({ text, email }: { text: (email: string) => string; email: string }) {
  const SLOT = "\u0000";
  const [before = "", after = ""] = text(SLOT).split(SLOT);
  return (
    <p>
      {before}
      <strong className="font-semibold text-fg">{email}</strong>
      {after}
    </p>
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, localPath } = useWords();
  const page = actionData ?? loaderData;
  const eyebrow = t("newsletter.eyebrow");
  switch (page.state) {
    case "invalid":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.confirm.invalid.heading")}>
          <p>{t("newsletter.unsubscribe.invalid.text")}</p>
          <p>
            <a href={localPath("/contact")} className={buttonClass("outline")}>
              {t("newsletter.unsubscribe.contact")}
            </a>
          </p>
        </MessageCard>
      );
    case "not-listed":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.notListed.heading")}>
          <p>{t("newsletter.unsubscribe.notListed.text")}</p>
        </MessageCard>
      );
    case "ask":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.ask.heading")}>
          <WithAddress text={(email) => t("newsletter.unsubscribe.ask.text", { email })} email={page.email} />
          <form method="post">
            <button type="submit" className={buttonClass("primary")}>
              {t("newsletter.unsubscribe.button")}
            </button>
          </form>
        </MessageCard>
      );
    case "unsubscribed":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.done.heading")}>
          <WithAddress
            text={(email) => t("newsletter.unsubscribe.done.text", { email })}
            email={page.email}
          />
          {page.again && (
            <form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="subscribe-again" />
              <input type="hidden" name="again" value={page.again} />
              <p className="text-sm">{t("newsletter.unsubscribe.changedMind")}</p>
              <button type="submit" className={buttonClass("outline")}>
                {t("newsletter.unsubscribe.again")}
              </button>
              {/* The words subscribing again records as its consent, in this page's language. */}
              <p className="text-xs">{t("newsletter.box.consent")}</p>
            </form>
          )}
        </MessageCard>
      );
    case "check-inbox":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.checkInbox.heading")}>
          <WithAddress
            text={(email) => t("newsletter.unsubscribe.checkInbox.text", { email })}
            email={page.email}
          />
        </MessageCard>
      );
    case "limited":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.wait.heading")}>
          <p>{t("newsletter.unsubscribe.tooMany", { minutes: page.minutes })}</p>
        </MessageCard>
      );
    case "offer-expired":
      return (
        <MessageCard eyebrow={eyebrow} heading={t("newsletter.unsubscribe.offerExpired.heading")}>
          <p>{t("newsletter.unsubscribe.offerExpired.text", { minutes: page.minutes })}</p>
          <p>
            <a href={localPath("/blog#newsletter")} className={buttonClass("primary")}>
              {t("newsletter.unsubscribe.signUpOnBlog")}
            </a>
          </p>
        </MessageCard>
      );
  }
}
