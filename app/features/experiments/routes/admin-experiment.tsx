import { data, Form, Link, useNavigation } from "react-router";

import { experimentName } from "~/features/experiments/experiment-name.server";
import { getExperiment, stopExperiment } from "~/features/experiments/experiments.server";
import { GOAL_LABELS, VERDICT_LABELS } from "~/features/experiments/labels";
import { resultsOf } from "~/features/experiments/results.server";
import { pathsShowing } from "~/features/pages/index.server";
import { staffOf } from "~/features/staff/index.server";
import { readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { NotFoundError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { buttonClass } from "~/ui/button-link";
import { ActionMessage } from "~/ui/forms/action-message";

import type { Route } from "./+types/admin-experiment";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: `Experiment ${params.id}`, noindex: true });

/** /admin/experiments/{id}: each version's figures, the verdict in plain words, stop and apply. */
export function loader({ params }: Route.LoaderArgs) {
  let experiment;
  try {
    experiment = getExperiment(params.id);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  const results = resultsOf(experiment);
  return {
    id: experiment.id,
    page: experiment.pageKey,
    name: experimentName(experiment.pageKey, experiment.field),
    path: pathsShowing(experiment.pageKey)[0] ?? null,
    field: experiment.field,
    goal: experiment.goal,
    share: experiment.share,
    status: experiment.status,
    applied: experiment.appliedArm,
    startedAt: momentInDublin(experiment.startedAt),
    stoppedAt: experiment.stoppedAt ? momentInDublin(experiment.stoppedAt) : null,
    results,
  };
}

type ActionResult = { ok: boolean; message: string };

const ARM_NAMES: Record<string, string> = {
  control: "Current words",
  b: "Version B",
  c: "Version C",
  d: "Version D",
};

/** Stop (intent "stop"), or stop and publish a version's words (intent "apply", `arm`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request, 1024);
  const intent = form.get("intent");
  const arm = form.get("arm");
  if (intent !== "stop" && intent !== "apply")
    return data<ActionResult>({ ok: false, message: "Choose Stop or Apply." }, { status: 400 });
  try {
    const apply = intent === "apply" ? (typeof arm === "string" ? arm : "") : undefined;
    stopExperiment(params.id, apply, staffOf(context));
    return {
      ok: true,
      message:
        apply && apply !== "control"
          ? `Stopped. ${ARM_NAMES[apply] ?? apply}'s words are now published for everyone; the old words are in the page's Revisions.`
          : "Stopped: everyone sees the current words again, and nothing more is counted.",
    } satisfies ActionResult;
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const message = formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? "That did not work.";
    return data<ActionResult>({ ok: false, message }, { status });
  }
}

/** What to do now, for each verdict: the summary says what the numbers mean, this says what to press. */
const NEXT_STEP: Record<keyof typeof VERDICT_LABELS, string> = {
  collecting:
    "What to do: nothing yet. Leave the page as it is and look again in a few days; the verdict changes here on its own.",
  winner: "What to do: apply the winning version below, so everyone sees its words.",
  "no difference":
    "What to do: stop and keep the current words, or start a new experiment with bolder ones: these are too close to tell apart.",
  withheld:
    "What to do: check that nothing else sends some visitors elsewhere (a redirect, a link to one version), then stop and start again.",
};

/** The sample-ratio check in words: a broken split withholds the verdict, and says so under the figures. */
const splitCheck = (pValue: number | null, flagged: boolean) =>
  pValue === null
    ? "Split check: not enough visitors yet to check that they are shared out as planned."
    : flagged
      ? `Split check failed: the versions are not getting their fair share of visitors (p = ${pValue.toPrecision(2)}), so no verdict is given.`
      : `Split check: visitors are shared out between the versions as planned (p = ${pValue.toFixed(2)}).`;

/**
 * A figure's cell: a column of the table from a tablet's width; on a phone, two figures a line under the
 * version's name, each under its own label, so the rate and the chance are seen without scrolling sideways.
 */
const FIGURE =
  "px-4 py-3 text-right align-top tabular-nums max-sm:pt-0 max-sm:text-left max-sm:before:block max-sm:before:text-xs max-sm:before:text-muted max-sm:before:content-[attr(data-label)]";

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)} %`;

export default function AdminExperiment({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, path, field, goal, share, status, applied, startedAt, stoppedAt, results } = loaderData;
  const busy = useNavigation().state === "submitting";
  const running = status === "running";
  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/experiments" className="font-semibold text-primary hover:underline">
          ← Experiments
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold wrap-anywhere">{name}</h1>
      <p className="mt-1 text-sm text-muted">
        Experiment {id} · <code className="wrap-anywhere">{field}</code>
      </p>
      <p className="mt-2 text-muted">
        {running ? "Running" : "Stopped"} since {running ? startedAt : stoppedAt} · {GOAL_LABELS[goal]} counts
        as a success · {share} % of visitors in the test · day{" "}
        {Math.min(results.daysRun + 1, results.plannedDays)} of at most {results.plannedDays}
        {applied ? ` · ${ARM_NAMES[applied] ?? applied} applied` : ""}
      </p>

      <ActionMessage result={actionData} />

      <section
        aria-labelledby="verdict-heading"
        className={`mt-6 rounded-2xl border p-4 sm:p-5 ${
          results.verdict === "withheld"
            ? "border-destructive"
            : results.verdict === "winner"
              ? "border-secondary"
              : "border-border"
        } bg-card`}
      >
        <h2 id="verdict-heading" className="text-xl font-semibold">
          {VERDICT_LABELS[results.verdict]}
          {results.winner ? `: ${ARM_NAMES[results.winner] ?? results.winner}` : ""}
        </h2>
        <p className="mt-2 max-w-prose">{results.summary}</p>
        {running && <p className="mt-2 max-w-prose font-semibold">{NEXT_STEP[results.verdict]}</p>}
      </section>

      <div className="mt-6 overflow-x-auto rounded-2xl border border-border bg-card">
        <table className="w-full text-left text-sm sm:min-w-[36rem]">
          <caption className="sr-only">
            Each version's visitors and {GOAL_LABELS[goal].toLowerCase()}s
          </caption>
          <thead className="border-b border-border text-muted max-sm:sr-only">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Version
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Visitor-days
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Successes
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Rate (likely range)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Chance it beats the current words
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {results.arms.map((arm) => (
              <tr key={arm.key} className="max-sm:grid max-sm:grid-cols-2">
                <th scope="row" className="px-4 py-3 align-top font-normal max-sm:col-span-2">
                  <span className="font-semibold">{ARM_NAMES[arm.key] ?? arm.key}</span>
                  <span className="mt-0.5 block wrap-anywhere text-muted">“{arm.text}”</span>
                  {path && (
                    <a
                      href={`${path}?arm=${arm.key}`}
                      className="mt-1 inline-flex min-h-11 items-center text-primary hover:underline lg:min-h-0"
                    >
                      See it on the page
                    </a>
                  )}
                </th>
                <td data-label="Visitor-days" className={FIGURE}>
                  {arm.visitors.toLocaleString("en-IE")}
                </td>
                <td data-label="Successes" className={FIGURE}>
                  {arm.conversions.toLocaleString("en-IE")}
                </td>
                <td data-label="Rate (likely range)" className={FIGURE}>
                  {percent(arm.rate)}
                  <span className="block text-muted">
                    {percent(arm.interval[0])} to {percent(arm.interval[1])}
                  </span>
                </td>
                <td data-label="Chance it beats the current words" className={FIGURE}>
                  {arm.chanceToBeatControl === null ? "—" : percent(arm.chanceToBeatControl)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={`mt-3 text-sm ${results.srm.flagged ? "font-semibold text-destructive" : "text-muted"}`}>
        {splitCheck(results.srm.pValue, results.srm.flagged)}
      </p>

      <details className="mt-4 max-w-prose text-sm text-muted">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
          What these numbers mean
        </summary>
        <p className="mt-2">
          A visitor-day is one visitor on one day: the same person tomorrow counts again, as nothing is kept
          that could recognise them. The rate is successes ÷ visitor-days; the likely range is where the true
          rate lies with 95 % confidence. “Chance it beats the current words” says which version looks better
          so far; it moves a lot early on, so it is not the verdict.
        </p>
        <p className="mt-2">
          The verdict uses a test built to be looked at every day (a sequential test, decision 056): a version
          is called the winner only when there is less than a 5 % chance the difference is noise, however
          often you looked. If none is after {results.plannedDays} days, there is no difference worth having.
          If visitors are not shared out evenly between the versions, something is broken and no verdict is
          given.
        </p>
      </details>

      {running && (
        <section aria-labelledby="finish-heading" className="mt-8">
          <h2 id="finish-heading" className="text-xl font-semibold">
            Finish
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted">
            Applying a version stops the experiment and publishes its words on the page for everyone, as a new
            version of the page (the current words stay in its Revisions). Stopping alone keeps the current
            words.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {results.arms.slice(1).map((arm) => (
              <Form method="post" key={arm.key}>
                <input type="hidden" name="arm" value={arm.key} />
                <button
                  type="submit"
                  name="intent"
                  value="apply"
                  disabled={busy}
                  className={buttonClass(results.winner === arm.key ? "primary" : "outline")}
                >
                  Apply {ARM_NAMES[arm.key] ?? arm.key}
                </button>
              </Form>
            ))}
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="stop"
                disabled={busy}
                className={buttonClass("outline")}
              >
                Stop and keep the current words
              </button>
            </Form>
          </div>
        </section>
      )}
    </div>
  );
}
