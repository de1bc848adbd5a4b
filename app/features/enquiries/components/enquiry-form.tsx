import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";

import type { CameFrom } from "~/features/analytics";
import { type BudgetChoice, EnquirySchema, GOALS_MIN, NAME_MIN } from "~/features/enquiries/schemas";
import { useWords } from "~/platform/i18n/use-words";
import { buttonClass } from "~/ui/button-link";
import { ToastTemplate } from "~/ui/feedback/toast";
import { checks, Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

export type EnquiryResult = { reply: SubmissionResult<string[]>; error: string | null };

function Required() {
  return (
    <span className="text-destructive" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** Where the required mark goes in the sentence about it (each language places it itself). */
const STAR = "\u0000";

function RequiredNote({ words }: { words: string }) {
  const [before, after] = words.split(STAR);
  return (
    <p className="text-xs text-muted">
      {before}
      <span className="text-destructive">*</span>
      {after}
    </p>
  );
}

/**
 * The enquiry form: a real POST (works without JavaScript). With it, the page script checks fields on
 * blur, sends it without a reload and swaps in this part of the answer, toasts included (page-forms).
 */
type FormProps = {
  token: string;
  came: CameFrom;
  /** The budgets offered (from the packages' prices). */
  budgets: BudgetChoice[];
  result?: EnquiryResult;
  sent: boolean;
  /** What the visitor is told happens after sending: the contact page's copy. */
  nextSteps: { heading: string; steps: { title: string; text: string }[] };
};

export function EnquiryForm(props: FormProps) {
  return (
    <div id="enquiry" data-swap="" className="lg:flex lg:flex-1 lg:flex-col">
      <EnquiryFormState {...props} />
    </div>
  );
}

function EnquiryFormState({ token, came, budgets, result, sent, nextSteps }: FormProps) {
  // The page's language: its labels and messages, and the form sent back to the page it is on.
  const { t, localPath } = useWords();
  const here = localPath("/contact");
  // Rendered on the server only: conform shapes what was typed and the errors beside the fields.
  // A refused submission comes back to /contact itself: keep where the visit came from, as first sent.
  const kept = (name: string) => {
    const value = (result?.reply.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const [form, fields] = useForm({
    id: "enquiry-form",
    lastResult: result?.reply,
    constraint: getZodConstraint(EnquirySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EnquirySchema }),
  });

  if (sent) {
    return (
      <div role="status" className="py-6">
        <ToastTemplate title={t("form.sentToast")} description={t("form.sentToastDetail")} />
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary/15 text-secondary"
          >
            <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <div>
            <h3 className="text-2xl font-bold">{t("form.sent")}</h3>
            <p className="text-muted">{t("form.thanks")}</p>
          </div>
        </div>
        {/* What the visitor can expect, rather than the toast's words again. */}
        <h4 className="mt-8 text-sm font-semibold tracking-widest text-muted uppercase">
          {nextSteps.heading}
        </h4>
        <ol className="mt-4 grid gap-4">
          {nextSteps.steps.map(({ title: step, text: detail }, index) => (
            <li key={index} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full border border-border text-sm font-bold text-primary"
              >
                {index + 1}
              </span>
              <span>
                <span className="block font-semibold">{step}</span>
                <span className="block text-sm text-muted">{detail}</span>
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="/work" className={buttonClass("primary")}>
            {t("form.seeWork")}
          </a>
          <a href={here} data-enhance="" className={buttonClass("outline")}>
            {t("form.another")}
          </a>
        </div>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={here}
      data-enhance=""
      data-validate=""
      data-fail-title={t("form.failed")}
      {...getFormProps(form)}
      // Beside the office's details and map at 1280 the card is as tall as they are: the goals' box
      // takes the height the fields leave, instead of empty card under the button.
      className="mt-6 grid gap-5 lg:flex lg:flex-1 lg:flex-col"
    >
      {result?.error && (
        <>
          <FormError>{result.error}</FormError>
          <ToastTemplate title={t("form.failed")} description={result.error} variant="destructive" />
        </>
      )}
      <RequiredNote words={t("form.required", { star: STAR })} />
      <Field
        id={fields.name.id}
        label={
          <>
            {t("form.name")}
            <Required />
          </>
        }
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          {...checks(fields.name.errorId, { tooShort: t("form.error.name") }, NAME_MIN)}
          autoComplete="name"
          className={inputClass}
        />
      </Field>
      <Field
        id={fields.email.id}
        label={
          <>
            {t("form.email")}
            <Required />
          </>
        }
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...checks(fields.email.errorId, { typeMismatch: t("form.error.email") })}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
      <Field
        id={fields.budget.id}
        label={
          <>
            {t("form.budget")} <span className="font-normal text-muted">{t("form.optional")}</span>
          </>
        }
        errors={fields.budget.errors}
        errorId={fields.budget.errorId}
      >
        {/* Drawn as the text fields are (the browser's own box sat its words further in), its own arrow. */}
        <div className="relative">
          <select {...getSelectProps(fields.budget)} className={`${inputClass} appearance-none pr-11`}>
            <option value="">{t("form.budgetChoose")}</option>
            {budgets.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="pointer-events-none absolute top-1/2 right-4 mt-0.5 size-4 -translate-y-1/2 text-muted"
          >
            <path
              d="M4 6l4 4 4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
            />
          </svg>
        </div>
      </Field>
      <Field
        id={fields.goals.id}
        label={
          <>
            {t("form.goals")}
            <Required />
          </>
        }
        errors={fields.goals.errors}
        errorId={fields.goals.errorId}
        className="lg:flex lg:flex-1 lg:flex-col"
      >
        <textarea
          {...getTextareaProps(fields.goals)}
          {...checks(fields.goals.errorId, { tooShort: t("form.error.goals") }, GOALS_MIN)}
          rows={5}
          className={`${inputClass} lg:min-h-52 lg:flex-1`}
          placeholder={t("form.goalsPlaceholder")}
        />
      </Field>
      {/* For bots only: hidden from people and from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="enquiry-website">Website</label>
        <input
          id="enquiry-website"
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" name="formStartedAt" value={token} />
      <input type="hidden" name="cameTo" value={kept("cameTo") ?? came.landing} />
      <input type="hidden" name="cameFrom" value={kept("cameFrom") ?? came.referrer} />
      <SubmitButton label={t("form.send")} pendingLabel={t("form.sending")} action={here} />
    </form>
  );
}
