import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";

import { received } from "~/features/enquiries";
import { SendProgressBar } from "~/features/newsletter/components/send-progress";
import { listSubscribers, removeSubscriber, subscriberCounts } from "~/features/newsletter/newsletter.server";
import { recentSends } from "~/features/newsletter/newsletter-send.server";
import { inAudience } from "~/features/newsletter/send-audience";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageMeta } from "~/platform/pages/seo";
import { plural } from "~/platform/text/metrics";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/admin-subscribers";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Subscribers", noindex: true });

const QuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["confirmed", "pending"]).optional().catch(undefined),
});
const SHOWN = 200;

/** /admin/subscribers: the newsletter's list with its consent records, the sends, and the export. */
export function loader({ request }: Route.LoaderArgs) {
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const site = siteLanguages();
  return {
    ...query,
    // On a site in more than one language, each subscriber's (what a send to one language reaches).
    languageOf: site.languages.length > 1 ? site.default : null,
    counts: subscriberCounts(),
    subscribers: listSubscribers({ ...query, limit: SHOWN + 1 }),
    sends: recentSends(5),
  };
}

/** "Remove" (a plain form): the subscriber and anything not yet sent to them. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.subscribers);
  const email = String(form.get("email") ?? "");
  if (!removeSubscriber(String(form.get("id") ?? "")))
    return data({ message: "That subscriber was already removed.", ok: false }, { status: 404 });
  return { message: `Removed ${email}.`, ok: true };
}

type Subscriber = Route.ComponentProps["loaderData"]["subscribers"][number];

function consentLine(subscriber: Subscriber): string {
  if (!subscriber.consentVersion) return "Signed up before confirmation e-mails: never confirmed";
  const from = `from the ${subscriber.consentSource === "api" ? "API" : subscriber.consentSource}`;
  return subscriber.confirmedAt
    ? `Confirmed ${received.format(subscriber.confirmedAt)}, ${from}`
    : `Asked ${received.format(subscriber.createdAt)}, ${from}; not confirmed yet`;
}

/** "in Irish": the language a subscriber signed up in (one from before languages: the default's). */
function languageLine(subscriber: Subscriber, siteDefault: Language | null): string {
  if (!siteDefault) return "";
  const lang = isLanguage(subscriber.lang) ? subscriber.lang : siteDefault;
  return ` · in ${LANGUAGES[lang].name}`;
}

function SubscriberRow({
  subscriber,
  siteDefault,
}: {
  subscriber: Subscriber;
  siteDefault: Language | null;
}) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("id") === subscriber.id;
  const confirmed = subscriber.status === "confirmed";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-medium break-all">{subscriber.email}</p>
        <p className="text-sm text-muted">
          {consentLine(subscriber)}
          {languageLine(subscriber, siteDefault)}
        </p>
      </div>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${confirmed ? "bg-secondary/10 text-secondary" : "bg-border text-muted"}`}
      >
        {confirmed ? "Confirmed" : "Pending"}
      </span>
      <Form
        method="post"
        onSubmit={(event) => {
          // Removing cannot be undone: the address's consent record goes with it.
          if (
            !confirm(
              `Remove ${subscriber.email}? Their consent record goes, and nothing more is sent to them.`,
            )
          )
            event.preventDefault();
        }}
      >
        <input type="hidden" name="id" value={subscriber.id} />
        <input type="hidden" name="email" value={subscriber.email} />
        <button
          type="submit"
          disabled={removing}
          aria-label={`Remove ${subscriber.email}`}
          className="min-h-11 rounded-full border border-border px-4 text-sm font-semibold hover:border-destructive hover:text-destructive disabled:opacity-60"
        >
          {removing ? "Removing…" : "Remove"}
        </button>
      </Form>
    </li>
  );
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, subscribers, sends, q, status } = loaderData;
  const filtered = Boolean(q || status);
  return (
    <div className="max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Subscribers</h1>
        {/* A plain form: the browser downloads the answer, with or without JavaScript (a POST, so no
            link on another site can start it). */}
        <form method="post" action="/admin/newsletter.csv">
          <button type="submit" className={buttonClass("outline")}>
            Export confirmed (CSV)
          </button>
        </form>
      </div>
      <p className="mt-2 max-w-2xl text-muted">
        Readers join from the blog and confirm from the e-mail we send them; only confirmed subscribers get
        newsletters. To send one, open a published post and choose{" "}
        <strong className="font-semibold text-fg">Send as newsletter</strong>.
      </p>

      <dl className="mt-6 grid grid-cols-3 gap-3">
        {(
          [
            ["Confirmed", counts.confirmed],
            ["Pending", counts.pending],
            ["Unsubscribed", counts.unsubscribed],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-border bg-card px-4 py-4 sm:px-5">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{n.toLocaleString("en-IE")}</dd>
          </div>
        ))}
      </dl>

      {sends.length > 0 && (
        <section aria-labelledby="sends-heading" className="mt-10">
          <h2 id="sends-heading" className="text-xl font-bold">
            Newsletters sent
          </h2>
          <ul className="mt-4 grid gap-3">
            {sends.map((send) => (
              <li key={send.id} className="rounded-2xl border border-border bg-card p-4 sm:p-5">
                <Link
                  to={`/admin/posts/${send.postId}/newsletter`}
                  className="font-semibold break-words hover:text-primary"
                >
                  {send.postTitle}
                </Link>
                <p className="text-sm text-muted">
                  {received.format(send.createdAt)} · {plural(send.recipients, "subscriber")}
                  {inAudience(send.audience)}
                </p>
                <SendProgressBar progress={send.progress} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="list-heading" className="mt-10">
        <h2 id="list-heading" className="text-xl font-bold">
          Everyone on the list
        </h2>
        <Form method="get" role="search" className="mt-4 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="subscriber-search" className="sr-only">
            Search by address
          </label>
          <input
            id="subscriber-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search by address"
            className="min-h-11 flex-1 rounded-xl border border-border bg-bg px-4"
          />
          <label htmlFor="subscriber-status" className="sr-only">
            Status
          </label>
          <select
            id="subscriber-status"
            name="status"
            defaultValue={status ?? ""}
            className="min-h-11 rounded-xl border border-border bg-bg px-4"
          >
            <option value="">Everyone</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Pending</option>
          </select>
          <button type="submit" className={buttonClass("outline")}>
            Search
          </button>
        </Form>
        {actionData && (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mt-4 text-sm ${actionData.ok ? "text-secondary" : "text-destructive"}`}
          >
            {actionData.message}
          </p>
        )}
        {subscribers.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
            {filtered
              ? "Nobody matches that search."
              : counts.unsubscribed > 0
                ? `Nobody is subscribed right now: ${plural(counts.unsubscribed, "person", "people")} who signed up ${counts.unsubscribed === 1 ? "has" : "have"} unsubscribed (kept only so they are never written to again). The blog's newsletter box is where readers join.`
                : "Nobody has signed up yet. The blog's newsletter box is where readers join."}
          </p>
        ) : (
          <ul
            className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card"
            aria-label="Subscribers"
          >
            {subscribers.slice(0, SHOWN).map((subscriber) => (
              <SubscriberRow
                key={subscriber.id}
                subscriber={subscriber}
                siteDefault={loaderData.languageOf}
              />
            ))}
          </ul>
        )}
        {subscribers.length > SHOWN && (
          <p className="mt-3 text-sm text-muted">
            Showing the newest {SHOWN}. Search to find anyone else, or export the list.
          </p>
        )}
      </section>
    </div>
  );
}
