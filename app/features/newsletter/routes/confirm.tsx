import { data } from "react-router";

import { MessageCard } from "~/features/newsletter/components/message-card";
import { type ConfirmOutcome, confirmSubscription } from "~/features/newsletter/newsletter.server";
import { pageMeta } from "~/platform/pages/seo";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Newsletter subscription", noindex: true }, matches);
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

const pages = {
  confirmed: {
    heading: "You're subscribed",
    text: "Thanks for confirming. Our next e-mail on SEO, ads and growth will come to this address; every one has a link to unsubscribe.",
  },
  expired: {
    heading: "This link has expired",
    text: "Confirmation links work for a week. Sign up again on the blog and we'll send you a fresh one.",
  },
  withdrawn: {
    heading: "This sign-up is no longer waiting",
    text: "It was removed or unsubscribed since this link was sent. Sign up again on the blog and we'll send you a new link.",
  },
  invalid: {
    heading: "This link doesn't work",
    text: "It may be incomplete. Sign up again on the blog and we'll send you a new link.",
  },
} as const;

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const page = pages[loaderData.outcome];
  return (
    <MessageCard eyebrow="Newsletter" heading={page.heading}>
      <p>{page.text}</p>
      <p>
        <a
          href={loaderData.outcome === "confirmed" ? "/blog" : "/blog#newsletter"}
          className={buttonClass("primary")}
        >
          {loaderData.outcome === "confirmed" ? "Read the blog" : "Sign up again"}
        </a>
      </p>
    </MessageCard>
  );
}
