import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";

import { received } from "~/features/enquiries";
import { SendProgressBar } from "~/features/newsletter/components/send-progress";
import { subscriberCounts } from "~/features/newsletter/newsletter.server";
import {
  openAudiences,
  postToSend,
  retryFailedSends,
  sendNewsletter,
  sendsOfPost,
  type SendSummary,
  sendTestNewsletter,
  translatedLanguagesOf,
} from "~/features/newsletter/newsletter-send.server";
import { findUserByUsername, staffOf } from "~/features/staff/index.server";
import { getEnv } from "~/platform/env.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { isLanguage, type Language, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { canSendMail } from "~/platform/mail/mail.server";
import { pageMeta } from "~/platform/pages/seo";
import { plural } from "~/platform/text/metrics";
import { buttonClass } from "~/ui/button-link";

import type { Route } from "./+types/admin-send";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Newsletter", noindex: true });

/**
 * /admin/posts/{id}/newsletter: preview, test and send a published post to the confirmed subscribers,
 * once per audience (everyone, or each language's and then everyone else), with each send's progress.
 * Without e-mail set up the test and the send work alike: their e-mails wait in the outbox.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const post = postToSend(params.id);
  if (!post) throw data(null, { status: 404 });
  const env = getEnv();
  return {
    post: { id: post.id, title: post.title, published: post.status === "published" },
    sends: sendsOfPost(post.id),
    confirmed: subscriberCounts().confirmed,
    // Whom a send may still go to, and how many each reaches (languages only on a site in several).
    open: openAudiences(post.id),
    // Each language's subscribers get its translation when one is published; else the post itself.
    translated: translatedLanguagesOf(post.id),
    defaultLanguage: siteLanguages().default,
    mail: canSendMail(),
    // The test goes to the person sending it, as their account has it; else where enquiry alerts go.
    testTo: findUserByUsername(staffOf(context).username)?.email ?? env.ENQUIRY_NOTIFY_TO ?? "",
    rate: env.NEWSLETTER_RATE_PER_MINUTE,
  };
}

const ContentSchema = z.enum(["full", "excerpt"]).catch("full");

/** The language whose subscribers the form chose (the test is their version); none for everyone. */
function audienceOf(form: FormData): Language | undefined {
  const audience = form.get("audience");
  return isLanguage(audience) ? audience : undefined;
}
const TestSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, "Enter the address to send the test to")
    .pipe(z.email("Enter a valid email address")),
});

/** `outbox`: the message ends with a link to the Outbox, where the e-mails wait. */
type ActionResult = { intent: string; ok: boolean; message: string; outbox?: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.newsletterSend);
  const intent = String(form.get("intent") ?? "");
  const content = ContentSchema.parse(form.get("content"));
  const answer = (result: ActionResult, status = 200) => data(result, { status });
  try {
    if (intent === "test") {
      const parsed = TestSchema.safeParse({ to: form.get("to") });
      if (!parsed.success)
        return answer({ intent, ok: false, message: parsed.error.issues[0]!.message }, 400);
      await sendTestNewsletter(params.id, parsed.data.to, content, user.id, audienceOf(form));
      return answer(
        canSendMail()
          ? { intent, ok: true, message: `Test sent to ${parsed.data.to}. Check how it looks, then send it.` }
          : {
              intent,
              ok: true,
              message: `Test for ${parsed.data.to} queued in the Outbox: read it there to check how it looks.`,
              outbox: true,
            },
      );
    }
    if (intent === "send") {
      if (form.get("confirm") !== "yes")
        return answer(
          { intent, ok: false, message: "Tick the box to confirm you want to send it now." },
          400,
        );
      const chosen = form.getAll("audience");
      const audience = chosen.length === 1 ? chosen[0] : chosen.length === 0 ? "all" : undefined;
      if (audience !== "all" && !isLanguage(audience))
        return answer({ intent, ok: false, message: "Choose everyone or one of the site's languages." }, 400);
      const send = await sendNewsletter(params.id, content, audience === "all" ? undefined : audience);
      // Still being queued (its queueing was held up): the rest follow, and the count says so.
      const who =
        send.queueAfter === null
          ? plural(send.recipients, "subscriber")
          : `${plural(send.recipients, "subscriber")} so far, and the rest in a moment`;
      return answer(
        canSendMail()
          ? { intent, ok: true, message: `Sending to ${who}.` }
          : {
              intent,
              ok: true,
              message: `Queued for ${who} in the Outbox: they go out once e-mail is set up.`,
              outbox: true,
            },
      );
    }
    if (intent === "retry") {
      const send = sendsOfPost(params.id).find(({ id }) => id === form.get("send"));
      if (!send) return answer({ intent, ok: false, message: "That send is not one of this post's." }, 400);
      const retried = retryFailedSends(send.id);
      return answer({ intent, ok: true, message: `Trying ${plural(retried, "failed e-mail")} again.` });
    }
    return answer({ intent, ok: false, message: "Unknown action" }, 400);
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const message = formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? "That didn't work";
    return answer({ intent, ok: false, message }, status);
  }
}

function Notice({ result, intent }: { result?: ActionResult; intent: string }) {
  if (result?.intent !== intent) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-3 text-sm font-medium ${result.ok ? "text-secondary" : "text-destructive"}`}
    >
      {result.message}
      {result.outbox && (
        <>
          {" "}
          <Link to="/admin/outbox" className="underline underline-offset-2">
            Open the Outbox
          </Link>
        </>
      )}
    </p>
  );
}

const fieldClass = "min-h-11 w-full rounded-xl border border-border bg-bg px-4 py-2";

/** What a send's audience is called: a language's subscribers, everyone, or (after another send) everyone else. */
function audienceName(audience: string | null, first: boolean) {
  if (isLanguage(audience)) return `Subscribers in ${LANGUAGES[audience].name}`;
  return first ? "Everyone" : "Everyone else";
}

export default function NewsletterSend({ loaderData, actionData }: Route.ComponentProps) {
  const { post, sends, open, confirmed, mail, testTo, rate, translated, defaultLanguage } = loaderData;
  // Whom each open choice reaches, and in which words: the confirmation and the button follow the choice.
  const audiences = open.map(({ audience, recipients: count }) =>
    audience === "rest"
      ? {
          value: "all",
          label: audienceName(null, sends.length === 0),
          count,
          version: LANGUAGES[defaultLanguage].name,
        }
      : {
          value: audience,
          label: audienceName(audience, false),
          count,
          version:
            audience === defaultLanguage || translated.includes(audience)
              ? LANGUAGES[audience].name
              : `${LANGUAGES[defaultLanguage].name}: not translated into ${LANGUAGES[audience].name}`,
        },
  );
  const chosen = (words: (count: number) => string) =>
    audiences.length === 1 ? (
      words(audiences[0]!.count)
    ) : (
      <>
        {audiences.map((audience) => (
          <span key={audience.value} className={`hidden ${WHEN_CHOSEN[audience.value as "all" | Language]}`}>
            {words(audience.count)}
          </span>
        ))}
      </>
    );
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent");
  const revalidator = useRevalidator();
  // Without e-mail nothing moves until it is set up (and the server restarted), so nothing to refresh.
  const sending = Boolean(mail && sends.some((send) => send.progress.queued > 0));
  // While a send is under way its figures refresh every few seconds (without JavaScript: reload).
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const formShown = post.published && audiences.length > 0;

  return (
    <div className="max-w-3xl">
      <Link to={`/admin/posts?edit=${post.id}`} className="text-sm font-semibold text-muted hover:text-fg">
        ← Back to the post
      </Link>
      <h1 className="mt-3 text-3xl font-bold">
        {sends.length > 0 && audiences.length === 0 ? "Sent as newsletter" : "Send as newsletter"}
      </h1>
      <p className="mt-2 text-lg break-words">{post.title}</p>
      {!mail && (
        <p className="mt-4 rounded-xl border border-accent px-4 py-3 text-sm">
          <strong className="font-semibold">
            E-mail is not set up yet: the test and the newsletter wait in the{" "}
            <Link to="/admin/outbox" className="underline underline-offset-2">
              Outbox
            </Link>{" "}
            until it is.
          </strong>{" "}
          Each e-mail can be read there as it will arrive. Your developer sets it up with SMTP_URL
          (docs/operations.md).
        </p>
      )}

      {sends.length > 0 && (
        <section
          aria-labelledby="sends-heading"
          className="mt-8 rounded-2xl border border-border bg-card p-5 sm:p-6"
        >
          <h2 id="sends-heading" className="text-xl font-bold">
            {!sends.some((send) => send.progress.queued > 0)
              ? "Sent"
              : mail
                ? "Sending"
                : "Waiting in the Outbox"}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {audiences.length === 0
              ? "Every subscriber has had it: nobody is sent a post twice."
              : "Each audience gets a post once; those still open are below."}
          </p>
          <ul className="mt-2 divide-y divide-border">
            {sends.map((send, index) => (
              <SendRow key={send.id} send={send} first={index === 0} mail={mail} rate={rate} busy={busy} />
            ))}
          </ul>
          <Notice result={actionData} intent="retry" />
          {!formShown && <Notice result={actionData} intent="send" />}
        </section>
      )}
      {post.published && sends.length > 0 && audiences.length === 0 ? null : !post.published ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-6 text-muted">
          Publish the post first: the newsletter links to it on the site.
        </p>
      ) : (
        <Form method="post" className="mt-8 grid gap-6">
          <fieldset className="rounded-2xl border border-border bg-card p-5 sm:p-6">
            <legend className="float-left mb-3 w-full text-xl font-bold">1. What to send</legend>
            <div className="clear-both grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["full", "The whole post", "Readers can read it in their inbox."],
                  ["excerpt", "The excerpt and a link", "A short e-mail that brings readers to the site."],
                ] as const
              ).map(([value, label, hint]) => (
                <Choice key={value} name="content" value={value} first="full" label={label} hint={hint} />
              ))}
            </div>
            <p className="mt-4 flex flex-wrap gap-3 text-sm">
              <a
                href={`/admin/posts/${post.id}/newsletter/preview`}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-primary underline underline-offset-2"
              >
                Preview the whole post e-mail
              </a>
              <a
                href={`/admin/posts/${post.id}/newsletter/preview?content=excerpt`}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-primary underline underline-offset-2"
              >
                Preview the excerpt e-mail
              </a>
              {translated.map((lang) => (
                <a
                  key={lang}
                  href={`/admin/posts/${post.id}/newsletter/preview?lang=${lang}`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-primary underline underline-offset-2"
                >
                  Preview the {LANGUAGES[lang].name} e-mail
                </a>
              ))}
            </p>
          </fieldset>

          <fieldset className="rounded-2xl border border-border bg-card p-5 sm:p-6">
            <legend className="float-left mb-3 w-full text-xl font-bold">2. Send yourself a test</legend>
            <label htmlFor="test-to" className="clear-both block text-sm font-semibold">
              Send a test to
            </label>
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <input
                id="test-to"
                name="to"
                type="email"
                defaultValue={testTo}
                autoComplete="email"
                className={fieldClass}
              />
              <button
                type="submit"
                name="intent"
                value="test"
                formNoValidate
                disabled={busy === "test"}
                className={`${buttonClass("outline")} shrink-0`}
              >
                {busy === "test" ? "Sending…" : "Send test"}
              </button>
            </div>
            <Notice result={actionData} intent="test" />
          </fieldset>

          <fieldset className="group rounded-2xl border border-border bg-card p-5 sm:p-6">
            <legend className="float-left mb-3 w-full text-xl font-bold">3. Send to subscribers</legend>
            {confirmed === 0 ? (
              <p className="clear-both text-muted">
                Nobody has confirmed a subscription yet.{" "}
                <Link to="/admin/subscribers" className="underline">
                  See subscribers
                </Link>
              </p>
            ) : (
              <>
                {(audiences.length > 1 || sends.length > 0) && (
                  <fieldset className="clear-both mb-4">
                    <legend className="text-sm font-semibold">Who gets it</legend>
                    <p className="text-sm text-muted">
                      Each subscriber has the language of the page they signed up on. A language&apos;s
                      subscribers get the post&apos;s translation into it once that is published; the test
                      above is the chosen subscribers&apos; version.
                    </p>
                    <div className="mt-2 grid gap-2 sm:grid-cols-2">
                      {audiences.map(({ value, label, count, version }) => (
                        <Choice
                          key={value}
                          name="audience"
                          value={value}
                          first={audiences[0]!.value}
                          label={label}
                          hint={`${plural(count, "confirmed subscriber")} · in ${version}`}
                        />
                      ))}
                    </div>
                  </fieldset>
                )}
                <label className="clear-both flex gap-3">
                  <input
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    required
                    className="mt-1 size-4 accent-primary"
                  />
                  <span>
                    I've checked the test. Send this post to{" "}
                    <strong className="font-semibold">
                      {chosen((count) => plural(count, "confirmed subscriber"))}
                    </strong>{" "}
                    {mail ? "now" : "(their e-mails wait in the Outbox until e-mail is set up)"}; it can't be
                    sent again to them.
                  </span>
                </label>
                <button
                  type="submit"
                  name="intent"
                  value="send"
                  disabled={busy === "send"}
                  // Looks unavailable until the box is ticked (the box is required either way).
                  className={`${buttonClass("primary")} mt-4 group-has-[input[name=confirm]:not(:checked)]:opacity-50`}
                >
                  {busy === "send" ? "Sending…" : chosen((count) => `Send to ${plural(count, "subscriber")}`)}
                </button>
              </>
            )}
            <Notice result={actionData} intent="send" />
          </fieldset>
        </Form>
      )}
    </div>
  );
}

/**
 * Shown while its audience is ticked (CSS alone, so without JavaScript too): written out whole, one a
 * language the product has words for, as the stylesheet is built from the classes the code names.
 */
const WHEN_CHOSEN: Record<"all" | Language, string> = {
  all: "group-has-[input[name=audience][value=all]:checked]:inline",
  en: "group-has-[input[name=audience][value=en]:checked]:inline",
  ga: "group-has-[input[name=audience][value=ga]:checked]:inline",
  de: "group-has-[input[name=audience][value=de]:checked]:inline",
  fr: "group-has-[input[name=audience][value=fr]:checked]:inline",
};

/** One send of the post: whom it went to, when, how far it has gone, and its failed e-mails retried. */
function SendRow({
  send,
  first,
  mail,
  rate,
  busy,
}: {
  send: SendSummary;
  first: boolean;
  mail: boolean;
  rate: number;
  busy: unknown;
}) {
  return (
    <li className="py-4">
      <h3 className="font-semibold">{audienceName(send.audience, first)}</h3>
      <p className="text-sm text-muted">
        {send.progress.queued === 0 ? "Sent" : mail ? "Sending" : "Waiting in the Outbox"} ·{" "}
        {received.format(send.createdAt)} · {plural(send.recipients, "confirmed subscriber")}
      </p>
      <SendProgressBar progress={send.progress} />
      {send.progress.queued > 0 &&
        (mail ? (
          <p className="mt-3 text-sm text-muted">
            About {plural(rate, "e-mail")} a minute.{" "}
            <Link to="." className="font-semibold underline underline-offset-2">
              Refresh
            </Link>
          </p>
        ) : (
          <p className="mt-3 text-sm text-muted">
            E-mail is not set up yet, so the e-mails wait in the Outbox; once it is, they go out at about{" "}
            {plural(rate, "e-mail")} a minute.{" "}
            <Link
              to={`/admin/outbox?newsletter=${send.id}`}
              className="font-semibold underline underline-offset-2"
            >
              Read each subscriber&apos;s e-mail
            </Link>
          </p>
        ))}
      {send.progress.failed > 0 && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="send" value={send.id} />
          <button type="submit" className={buttonClass("outline")} disabled={busy === "retry"}>
            Retry the failed e-mails
            <span className="sr-only">: {audienceName(send.audience, first)}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

/** One choice of a group as a card: its label, a line under it, the first choice ticked. */
function Choice({
  name,
  value,
  first,
  label,
  hint,
}: {
  name: string;
  value: string;
  first: string;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl border border-border p-4 has-checked:border-primary">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={value === first}
        className="mt-1 accent-primary"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}
