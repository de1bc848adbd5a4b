import { data } from "react-router";

import { MessageCard } from "~/features/newsletter/components/message-card";
import { type ConfirmOutcome, confirmSubscription } from "~/features/newsletter/newsletter.server";
import type { MessageId } from "~/platform/i18n/catalogs/en";
import { pageLanguageFrom, useWords, wordsOf } from "~/platform/i18n/use-words";
import { pageMeta } from "~/platform/pages/seo";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    { title: wordsOf(pageLanguageFrom(matches)).t("newsletter.confirm.title"), noindex: true },
    matches,
  );
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** A link that is not ours is a bad request; one that was ours but no longer works is gone. */
const statusOf: Record<ConfirmOutcome, number> = {
  confirmed: 200,
  invalid: 400,
  expired: 410,
  withdrawn: 410,
};

/** GET /newsletter/confirm?token= — the link of the confirmation e-mail (double opt-in, decision 029). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = confirmSubscription(token);
  return data({ outcome }, { status: statusOf[outcome] });
}

/** Each outcome's heading and text (the interface's words, in the page's language). */
const pages = {
  confirmed: ["newsletter.confirm.confirmed.heading", "newsletter.confirm.confirmed.text"],
  expired: ["newsletter.confirm.expired.heading", "newsletter.confirm.expired.text"],
  withdrawn: ["newsletter.confirm.withdrawn.heading", "newsletter.confirm.withdrawn.text"],
  invalid: ["newsletter.confirm.invalid.heading", "newsletter.confirm.invalid.text"],
} as const satisfies Record<ConfirmOutcome, [MessageId, MessageId]>;

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t, localPath } = useWords();
  const [heading, text] = pages[loaderData.outcome];
  const confirmed = loaderData.outcome === "confirmed";
  return (
    <MessageCard eyebrow={t("newsletter.eyebrow")} heading={t(heading)}>
      <p>{t(text)}</p>
      <p>
        <a href={localPath(confirmed ? "/blog" : "/blog#newsletter")} className={buttonClass("primary")}>
          {confirmed ? t("newsletter.confirm.readBlog") : t("newsletter.confirm.signUpAgain")}
        </a>
      </p>
    </MessageCard>
  );
}
