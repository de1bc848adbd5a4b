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
import { messages } from "~/platform/text/schemas";
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
    <div id="enquiry" data-swap="">
      <EnquiryFormState {...props} />
    </div>
  );
}

function EnquiryFormState({ token, came, budgets, result, sent, nextSteps }: FormProps) {
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
        <ToastTemplate
          title="Message sent successfully!"
          description="We'll get back to you within 24 hours."
        />
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
            <h3 className="text-2xl font-bold">Message Sent!</h3>
            <p className="text-muted">Thank you for getting in touch.</p>
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
            See our work while you wait
          </a>
          <a href="/contact" data-enhance="" className={buttonClass("outline")}>
            Send Another Message
          </a>
        </div>
      </div>
    );
  }

  return (
    <form
      method="post"
      action="/contact"
      data-enhance=""
      data-validate=""
      data-fail-title="Failed to send message"
      {...getFormProps(form)}
      className="mt-6 grid gap-5"
    >
      {result?.error && (
        <>
          <FormError>{result.error}</FormError>
          <ToastTemplate title="Failed to send message" description={result.error} variant="destructive" />
        </>
      )}
      <p className="text-xs text-muted">
        Fields marked <span className="text-destructive">*</span> are required.
      </p>
      <Field
        id={fields.name.id}
        label={
          <>
            Name
            <Required />
          </>
        }
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          {...checks(fields.name.errorId, { tooShort: messages.nameShort }, NAME_MIN)}
          autoComplete="name"
          className={inputClass}
        />
      </Field>
      <Field
        id={fields.email.id}
        label={
          <>
            Email
            <Required />
          </>
        }
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...checks(fields.email.errorId, { typeMismatch: messages.emailInvalid })}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
      <Field
        id={fields.budget.id}
        label={
          <>
            Budget <span className="font-normal text-muted">(optional)</span>
          </>
        }
        errors={fields.budget.errors}
        errorId={fields.budget.errorId}
      >
        <select {...getSelectProps(fields.budget)} className={inputClass}>
          <option value="">Select a monthly budget</option>
          {budgets.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={fields.goals.id}
        label={
          <>
            Project Goals
            <Required />
          </>
        }
        errors={fields.goals.errors}
        errorId={fields.goals.errorId}
      >
        <textarea
          {...getTextareaProps(fields.goals)}
          {...checks(fields.goals.errorId, { tooShort: messages.goalsShort }, GOALS_MIN)}
          rows={5}
          className={inputClass}
          placeholder="What would you like to achieve in the next 12 months?"
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
      <SubmitButton label="Send Message" pendingLabel="Sending..." action="/contact" />
    </form>
  );
}
