import { data, Form, useNavigation } from "react-router";

import type { Job } from "#db/schema";
import { received } from "~/features/enquiries";
import { getEnv } from "~/platform/env.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { type JobState, jobState, listJobs, MAX_ATTEMPTS, retryJob } from "~/platform/jobs/job-queue.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { pageMeta } from "~/platform/pages/seo";

import type { Route } from "./+types/admin-outbox";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Outbox", noindex: true });

export function loader() {
  const env = getEnv();
  return {
    mail: Boolean(env.SMTP_URL),
    webhook: env.LEAD_WEBHOOK_URL ? new URL(env.LEAD_WEBHOOK_URL).host : null,
    jobs: listJobs(100).map((job) => {
      const state = jobState(job);
      return { ...job, state, happened: whatHappened(job, state) };
    }),
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

type Row = Route.ComponentProps["loaderData"]["jobs"][number];

/** What happened to it, in a sentence. */
function whatHappened(job: Pick<Job, "doneAt" | "attempts" | "nextAttemptAt">, state: JobState): string {
  if (state === "delivered") return `Delivered ${received.format(job.doneAt!)}`;
  if (state === "waiting") return "Waiting for its first try";
  if (state === "failed") return `Gave up after ${job.attempts} tries`;
  return `Tried ${job.attempts} of ${MAX_ATTEMPTS} times; next try ${received.format(job.nextAttemptAt)}`;
}

function Delivery({ job }: { job: Row }) {
  const navigation = useNavigation();
  const retrying = navigation.formData?.get("id") === job.id;
  return (
    <li className="min-w-0 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateClass[job.state]}`}>
          {stateLabel[job.state]}
        </span>
        <span className="font-medium">{job.kind === "mail" ? "E-mail" : "CRM webhook"}</span>
        <span className="text-muted">{received.format(job.createdAt)}</span>
      </div>
      <p className="mt-2 font-semibold break-words">{job.title}</p>
      <p className="text-sm break-all text-muted">To {job.target}</p>
      <p className="mt-2 text-sm">{job.happened}</p>
      {job.lastError && <p className="mt-1 font-mono text-xs break-all text-destructive">{job.lastError}</p>}
      {job.kind === "mail" && (
        <a
          href={`/admin/outbox/${job.id}`}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-block text-sm font-semibold text-primary hover:underline"
        >
          Read the e-mail<span className="sr-only">: {job.title} (opens in a new tab)</span>
        </a>
      )}
      {job.state !== "delivered" && (
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

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { mail, webhook, jobs } = loaderData;
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-muted">
        Every e-mail and CRM delivery the site sends (invitations, sign-up confirmations, enquiry alerts and
        auto-replies), newest first. One that fails is tried again for about a day;{" "}
        <strong className="font-semibold text-fg">Retry now</strong> tries it at once. Newsletters are counted
        on their own page.
      </p>
      {!mail && (
        <p className="mt-4 rounded-xl border border-accent px-4 py-3 text-sm">
          E-mail is not set up on the server (no SMTP_URL), so e-mails wait here instead of going out.{" "}
          <strong className="font-semibold">Read the e-mail</strong> shows each one as it would arrive, and
          its links work: a sign-up confirmation or a staff invitation can be followed from here.
        </p>
      )}
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <div className="rounded-xl border border-border px-4 py-3">
          <dt className="font-semibold">E-mail</dt>
          <dd className="text-muted">{mail ? "On" : "Off: the server has no SMTP_URL"}</dd>
        </div>
        <div className="rounded-xl border border-border px-4 py-3">
          <dt className="font-semibold">CRM webhook</dt>
          <dd className="break-all text-muted">
            {webhook ? `On: new enquiries go to ${webhook}` : "Off: the server has no LEAD_WEBHOOK_URL"}
          </dd>
        </div>
      </dl>
      {actionData?.error && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {actionData.error}
        </p>
      )}
      {jobs.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          Nothing sent yet. E-mails and CRM deliveries appear here as enquiries arrive.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Outbox">
          {jobs.map((job) => (
            <Delivery key={job.id} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}
