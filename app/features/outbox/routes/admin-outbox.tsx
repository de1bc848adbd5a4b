import { data, Form, Link, useNavigation } from "react-router";

import type { Job } from "#db/schema";
import { received } from "~/features/enquiries";
import { inAudience } from "~/features/newsletter";
import { recentSends, sendById } from "~/features/newsletter/index.server";
import { getEnv } from "~/platform/env.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import {
  type JobState,
  jobState,
  listBatch,
  listJobs,
  MAX_ATTEMPTS,
  retryJob,
} from "~/platform/jobs/job-queue.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { canSendMail } from "~/platform/mail/mail.server";
import { pageMeta } from "~/platform/pages/seo";
import { plural } from "~/platform/text/metrics";

import type { Route } from "./+types/admin-outbox";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Outbox", noindex: true });

/** A newsletter's e-mails are listed this many at a time (a send can be thousands). */
const PAGE = 100;

/**
 * The outbox: every e-mail and CRM delivery, newest first, with the latest newsletters one row each;
 * `?newsletter=<send>` lists that newsletter's e-mails instead, one per subscriber, by address.
 */
export function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const mail = canSendMail();
  const params = new URL(request.url).searchParams;
  const sendId = params.get("newsletter");
  const send = sendId ? sendById(sendId) : undefined;
  if (sendId && !send) throw data(null, { status: 404 });
  const from = Math.max(0, Math.floor(Number(params.get("from")) || 0));
  const rows = send ? listBatch(send.id, { limit: PAGE, offset: from }) : listJobs(100);
  return {
    mail,
    webhook: env.ENQUIRY_WEBHOOK_URL ? new URL(env.ENQUIRY_WEBHOOK_URL).host : null,
    jobs: rows.map((job) => {
      const state = jobState(job);
      return { ...job, state, happened: whatHappened(job, state, mail) };
    }),
    newsletters: send ? [] : recentSends(5),
    newsletter: send ? { ...send, from, page: PAGE } : null,
  };
}

/** "Retry now" (a plain form: works without JavaScript); answers once the attempt is over. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.outbox);
  const id = String(form.get("id") ?? "");
  if (!retryJob(id))
    return data({ error: "That delivery has already gone, or no longer exists." }, { status: 404 });
  await runDueJobs();
  return { error: null };
}

const stateLabel: Record<JobState, string> = {
  delivered: "Delivered",
  waiting: "Waiting",
  retrying: "Retrying",
  failed: "Failed",
};
const stateClass: Record<JobState, string> = {
  delivered: "bg-secondary/10 text-secondary",
  waiting: "bg-border text-muted",
  retrying: "bg-accent/10 text-accent",
  failed: "bg-destructive/10 text-destructive",
};
const kindLabel: Record<Job["kind"], string> = {
  mail: "E-mail",
  newsletter: "Newsletter",
  webhook: "CRM webhook",
};

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["jobs"][number];
type Send = LoaderData["newsletters"][number];

/** What happened to it, in a sentence. */
function whatHappened(
  job: Pick<Job, "kind" | "doneAt" | "attempts" | "nextAttemptAt">,
  state: JobState,
  mail: boolean,
): string {
  if (state === "delivered") return `Delivered ${received.format(job.doneAt!)}`;
  if (state === "waiting")
    return !mail && job.kind !== "webhook" ? "Waiting until e-mail is set up" : "Waiting for its first try";
  if (state === "failed") return `Gave up after ${job.attempts} tries`;
  return `Tried ${job.attempts} of ${MAX_ATTEMPTS} times; next try ${received.format(job.nextAttemptAt)}`;
}

const badge = (state: JobState, label = stateLabel[state]) => (
  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[state]}`}>{label}</span>
);
const readClass = "text-sm font-semibold text-primary hover:underline";

function Delivery({ job, mail }: { job: Row; mail: boolean }) {
  const navigation = useNavigation();
  const retrying = navigation.formData?.get("id") === job.id;
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {badge(job.state)}
        <span className="font-medium">{kindLabel[job.kind]}</span>
        <span className="text-muted">{received.format(job.createdAt)}</span>
      </div>
      <p className="mt-2 font-semibold break-words">{job.title}</p>
      <p className="text-sm break-all text-muted">To {job.target}</p>
      <p className="mt-2 text-sm">{job.happened}</p>
      {job.lastError && <p className="mt-1 font-mono text-xs break-all text-destructive">{job.lastError}</p>}
      {job.kind !== "webhook" && (
        <a
          href={`/admin/outbox/${job.id}`}
          target="_blank"
          rel="noreferrer"
          className={`mt-3 inline-block ${readClass}`}
        >
          Read the e-mail<span className="sr-only">: {job.title} (opens in a new tab)</span>
        </a>
      )}
      {/* A newsletter's failed e-mails are tried again from its own page, at its pace; and no e-mail
          can be tried before e-mail is set up. */}
      {job.state !== "delivered" && (job.kind === "webhook" || (job.kind === "mail" && mail)) && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="id" value={job.id} />
          <button
            type="submit"
            disabled={retrying}
            aria-label={`Retry now: ${job.title}`}
            className="min-h-11 rounded-full border border-border px-4 text-sm font-semibold hover:border-primary disabled:opacity-60"
          >
            {retrying ? "Trying…" : "Retry now"}
          </button>
        </Form>
      )}
    </li>
  );
}

/** A newsletter send as one row: its progress, and the way to each subscriber's e-mail. */
function Newsletter({ send, mail }: { send: Send; mail: boolean }) {
  const { sent, queued, failed } = send.progress;
  // "Delivered" only when something was: a send to nobody, or whose every e-mail failed, says so.
  const [state, label]: [JobState, string] =
    queued > 0
      ? sent > 0
        ? ["retrying", "Sending"]
        : ["waiting", "Waiting"]
      : failed > 0
        ? ["failed", sent > 0 ? "Some failed" : "Failed"]
        : sent > 0
          ? ["delivered", "Delivered"]
          : ["waiting", "Nothing sent"];
  const count = (n: number) => n.toLocaleString("en-IE");
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {badge(state, label)}
        <span className="font-medium">Newsletter</span>
        <span className="text-muted">{received.format(send.createdAt)}</span>
      </div>
      <p className="mt-2 font-semibold break-words">Newsletter: {send.subject}</p>
      <p className="text-sm text-muted">
        To {plural(send.recipients, "confirmed subscriber")}
        {inAudience(send.audience)}
      </p>
      <p className="mt-2 text-sm">
        {count(sent)} sent, {count(queued)} waiting, {count(failed)} failed
        {queued > 0 && !mail && ": they go out once e-mail is set up"}
      </p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={`/admin/outbox?newsletter=${send.id}`} className={readClass}>
          Read each subscriber&apos;s e-mail<span className="sr-only">: {send.subject}</span>
        </Link>
        <Link to={`/admin/posts/${send.postId}/newsletter`} className={readClass}>
          Open the send<span className="sr-only">: {send.subject}</span>
        </Link>
      </p>
    </li>
  );
}

/** While e-mail is off: what that means for the owner, and who can change it. */
function MailOff() {
  return (
    <p className="mt-4 rounded-xl border border-accent px-4 py-3 text-sm">
      <strong className="font-semibold">E-mail is not set up yet: e-mails wait here until it is.</strong> Your
      developer sets it up with SMTP_URL (docs/operations.md). Meanwhile{" "}
      <strong className="font-semibold">Read the e-mail</strong> shows each one as it would arrive, and its
      links work: a sign-up confirmation or a staff invitation can be followed from here.
    </p>
  );
}

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { mail, webhook, jobs, newsletters, newsletter } = loaderData;
  if (newsletter) return <NewsletterCopies send={newsletter} jobs={jobs} mail={mail} />;
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-muted">
        Every e-mail and CRM delivery the site sends (invitations, sign-up confirmations, enquiry alerts,
        auto-replies and replies, newsletters and their tests), newest first. One that fails is tried again
        for about a day; <strong className="font-semibold text-fg">Retry now</strong> tries it at once. A
        newsletter is one row, with each subscriber&apos;s e-mail a click away.
      </p>
      {!mail && <MailOff />}
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <div className="rounded-xl border border-border px-4 py-3">
          <dt className="font-semibold">E-mail</dt>
          <dd className="text-muted">{mail ? "On" : "Off: not set up yet, so e-mails wait here"}</dd>
        </div>
        <div className="rounded-xl border border-border px-4 py-3">
          <dt className="font-semibold">CRM webhook</dt>
          <dd className={`text-muted ${webhook ? "break-all" : ""}`}>
            {webhook
              ? `On: new enquiries go to ${webhook}`
              : "Off: new enquiries go to no CRM. Your developer can connect one with ENQUIRY_WEBHOOK_URL (docs/operations.md)."}
          </dd>
        </div>
      </dl>
      {actionData?.error && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {actionData.error}
        </p>
      )}
      {newsletters.length > 0 && (
        <section aria-labelledby="newsletters-heading" className="mt-6">
          <h2 id="newsletters-heading" className="text-xl font-bold">
            Newsletters
          </h2>
          <ul className="mt-3 grid gap-3">
            {newsletters.map((send) => (
              <Newsletter key={send.id} send={send} mail={mail} />
            ))}
          </ul>
        </section>
      )}
      {newsletters.length > 0 && jobs.length > 0 && (
        <h2 className="mt-8 text-xl font-bold">E-mails and CRM deliveries</h2>
      )}
      {jobs.length === 0 ? (
        newsletters.length === 0 && (
          <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
            Nothing sent yet. E-mails and CRM deliveries appear here as enquiries arrive.
          </p>
        )
      ) : (
        <ul className={`${newsletters.length > 0 ? "mt-3" : "mt-6"} grid gap-3`} aria-label="Outbox">
          {jobs.map((job) => (
            <Delivery key={job.id} job={job} mail={mail} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** ?newsletter=<send>: each subscriber's e-mail of one newsletter, a page at a time. */
function NewsletterCopies({
  send,
  jobs,
  mail,
}: {
  send: NonNullable<LoaderData["newsletter"]>;
  jobs: Row[];
  mail: boolean;
}) {
  const { from, page } = send;
  const total = send.progress.total;
  const at = (n: number) => `/admin/outbox?newsletter=${send.id}${n > 0 ? `&from=${n}` : ""}`;
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/outbox" className="text-muted hover:text-fg">
          ← Outbox
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words">Newsletter: {send.subject}</h1>
      <p className="mt-2 text-muted">
        Queued {received.format(send.createdAt)} for {plural(send.recipients, "confirmed subscriber")}
        {inAudience(send.audience)}: each one&apos;s own e-mail, with their own unsubscribe link.{" "}
        <Link
          to={`/admin/posts/${send.postId}/newsletter`}
          className="font-semibold text-primary hover:underline"
        >
          Open the send
        </Link>
      </p>
      {!mail && <MailOff />}
      {jobs.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          No e-mails left in this newsletter: anyone who unsubscribed before theirs went was left out.
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-muted">
            {total > page ? `${from + 1}–${from + jobs.length} of ${total}, by address.` : "By address."}
          </p>
          <ul className="mt-3 grid gap-3" aria-label={`E-mails of the newsletter ${send.subject}`}>
            {jobs.map((job) => (
              <Delivery key={job.id} job={job} mail={mail} />
            ))}
          </ul>
        </>
      )}
      {total > page && (
        <nav aria-label="Pages" className="mt-6 flex gap-4 text-sm font-semibold">
          {from > 0 && (
            <Link to={at(Math.max(0, from - page))} className="text-primary hover:underline">
              ← Previous {page}
            </Link>
          )}
          {from + page < total && (
            <Link to={at(from + page)} className="text-primary hover:underline">
              Next {page} →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
