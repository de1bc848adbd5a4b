import { data, Form, Link, redirect, useNavigation } from "react-router";

import { experimentName } from "~/features/experiments/experiment-name.server";
import {
  ExperimentInvalid,
  listExperiments,
  startExperiment,
} from "~/features/experiments/experiments.server";
import { GOAL_LABELS, GOALS, VERDICT_LABELS } from "~/features/experiments/labels";
import { resultsOf } from "~/features/experiments/results.server";
import { listPages, plainFieldsOf } from "~/features/pages/index.server";
import { staffOf } from "~/features/staff/index.server";
import { readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { buttonClass } from "~/ui/button-link";
import { ActionMessage } from "~/ui/forms/action-message";
import { Field, inputClass } from "~/ui/forms/field";

import type { Route } from "./+types/admin-experiments";

/** The owner and editors test the pages' words, as they edit them. */
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Experiments", noindex: true });

/** Three variants of up to 2,000 characters, each up to 12 bytes once form-encoded, and the rest. */
const FORM_LIMIT = 96 * 1024;
const VARIANT_FIELDS = ["variant1", "variant2", "variant3"] as const;

/** /admin/experiments: every experiment, and a new one's form (its page chosen first: `?page=home`). */
export function loader({ request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "";
  const pages = listPages()
    .filter((each) => each.key !== "not-found" && !each.hidden)
    .map((each) => ({ key: each.key, title: each.title }));
  const chosen = pages.find((each) => each.key === page);
  return {
    experiments: listExperiments().map((experiment) => {
      const results = resultsOf(experiment);
      return {
        id: experiment.id,
        page: experiment.pageKey,
        field: experiment.field,
        name: experimentName(experiment.pageKey, experiment.field),
        goal: experiment.goal,
        status: experiment.status,
        startedAt: momentInDublin(experiment.startedAt),
        verdict: results.verdict,
        winner: results.winner,
        visitors: results.arms.reduce((sum, arm) => sum + arm.visitors, 0),
      };
    }),
    pages,
    page: chosen?.key ?? null,
    fields: chosen
      ? plainFieldsOf(chosen.key)
          .filter((field) => !field.path.startsWith("meta."))
          .map(({ path, label, text, max }) => ({ path, label, text, max }))
      : [],
  };
}

type Values = Partial<Record<"page" | "field" | "goal" | "share" | (typeof VARIANT_FIELDS)[number], string>>;
type ActionResult = { ok: false; values: Values; errors: Record<string, string>; message?: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Starts the experiment, then shows it; every problem beside its field, with what was typed kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT);
  const values: Values = Object.fromEntries(
    (["page", "field", "goal", "share", ...VARIANT_FIELDS] as const).map((name) => [name, text(form, name)]),
  );
  // The boxes left empty are not variants; the first box is never left out, so "none" says Required.
  const boxes = VARIANT_FIELDS.filter((name, index) => index === 0 || (values[name] ?? "").trim() !== "");
  const variants = boxes.map((name) => values[name] ?? "");
  const share = /^\d{1,3}$/.test(values.share ?? "") ? Number(values.share) : values.share || undefined;
  try {
    const started = startExperiment(
      { page: values.page, field: values.field, variants, goal: values.goal || undefined, share },
      staffOf(context),
    );
    throw redirect(`/admin/experiments/${started.id}`, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ExperimentInvalid) {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) {
        // "variants.1" is the second box typed in.
        const variant = /^variants\.(\d)$/.exec(issue.path);
        const name = variant
          ? boxes[Number(variant[1])]
          : issue.path === "variants"
            ? "variant1"
            : issue.path;
        errors[name ?? "variant1"] ??= issue.message;
      }
      return data<ActionResult>(
        { ok: false, values, errors, message: "Please check the highlighted fields." },
        { status: 400 },
      );
    }
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const errors = Object.fromEntries(
      Object.entries(fieldErrors).map(([name, [message]]) => [name, message!]),
    );
    return data<ActionResult>(
      { ok: false, values, errors, message: formErrors[0] ?? errors.page },
      { status },
    );
  }
}

const selectClass = `${inputClass} min-h-11`;

export default function AdminExperiments({ loaderData, actionData }: Route.ComponentProps) {
  const { experiments, pages, page, fields } = loaderData;
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  const errorOf = (name: string) => (errors[name] ? [errors[name]!] : undefined);
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Experiments</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Test one line of a page against up to three other wordings, and see which brings more enquiries. Each
        visitor sees one version all day, chosen on the server: no cookie, nothing stored in their browser, so
        no consent is needed. Search engines and signed-in staff always see the current words.
      </p>

      <ActionMessage result={actionData} />

      <section aria-labelledby="running-heading" className="mt-8">
        <h2 id="running-heading" className="text-xl font-semibold">
          Your experiments
        </h2>
        {experiments.length === 0 ? (
          <p className="mt-2 text-muted">None yet: start one below.</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-card">
            {experiments.map((experiment) => (
              <li
                key={experiment.id}
                className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 sm:px-5"
              >
                <div className="min-w-0 flex-1 basis-64">
                  <Link
                    to={`/admin/experiments/${experiment.id}`}
                    className="font-semibold wrap-anywhere text-primary hover:underline"
                  >
                    {experiment.name}
                  </Link>
                  <p className="mt-0.5 text-sm text-muted">
                    Started {experiment.startedAt} · {GOAL_LABELS[experiment.goal]} ·{" "}
                    {experiment.visitors.toLocaleString("en-IE")} visitor-days
                  </p>
                </div>
                <span className="rounded-full bg-border px-2.5 py-0.5 text-xs font-semibold">
                  {experiment.status === "running" ? "Running" : "Stopped"} ·{" "}
                  {VERDICT_LABELS[experiment.verdict]}
                  {experiment.winner ? ` (${experiment.winner.toUpperCase()})` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="new-heading"
        className="mt-10 rounded-2xl border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="new-heading" className="text-xl font-semibold">
          Start an experiment
        </h2>
        <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="page" label="Page" errorId="page-error" errors={errorOf("page")}>
            <select
              id="page"
              name="page"
              defaultValue={page ?? ""}
              className={selectClass}
              {...invalid("page")}
            >
              <option value="" disabled>
                Choose a page
              </option>
              {pages.map((each) => (
                <option key={each.key} value={each.key}>
                  {each.title} ({each.key})
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={`${buttonClass("outline")} sm:mb-1`}>
            Choose its words
          </button>
        </Form>

        {page && (
          <Form method="post" className="mt-6 grid gap-5" noValidate>
            <input type="hidden" name="page" value={page} />
            <Field
              id="field"
              label="Words to test"
              hint="The current words are the control: what visitors see now."
              errorId="field-error"
              errors={errorOf("field")}
            >
              <select
                id="field"
                name="field"
                defaultValue={
                  values.field ??
                  (fields.find((each) => /(^|\.)(headline|heading)$/.test(each.path)) ?? fields[0])?.path
                }
                className={selectClass}
                {...invalid("field")}
              >
                {fields.map((field) => (
                  <option key={field.path} value={field.path}>
                    {field.label}: “{field.text.length > 60 ? `${field.text.slice(0, 60)}…` : field.text}”
                  </option>
                ))}
              </select>
            </Field>
            {VARIANT_FIELDS.map((name, index) => (
              <Field
                key={name}
                id={name}
                label={index === 0 ? "Version B" : `Version ${"BCD"[index]} (optional)`}
                hint={
                  index === 0 ? "Different words for the same place, within the field's limit." : undefined
                }
                errorId={`${name}-error`}
                errors={errorOf(name)}
              >
                <textarea
                  id={name}
                  name={name}
                  rows={2}
                  defaultValue={values[name]}
                  className={inputClass}
                  {...invalid(name)}
                />
              </Field>
            ))}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                id="goal"
                label="Counts as a success"
                hint="Judged on what the visitor does the same day."
                errorId="goal-error"
                errors={errorOf("goal")}
              >
                <select
                  id="goal"
                  name="goal"
                  defaultValue={values.goal || "enquiry"}
                  className={selectClass}
                  {...invalid("goal")}
                >
                  {GOALS.filter((goal) => !(page === "contact" && goal === "contact")).map((goal) => (
                    <option key={goal} value={goal}>
                      {GOAL_LABELS[goal]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id="share"
                label="Visitors in the test (%)"
                hint="The others see the current words and are not counted."
                errorId="share-error"
                errors={errorOf("share")}
              >
                <input
                  id="share"
                  name="share"
                  inputMode="numeric"
                  defaultValue={values.share || "100"}
                  className={inputClass}
                  {...invalid("share")}
                />
              </Field>
            </div>
            <div>
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                Start the experiment
              </button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
