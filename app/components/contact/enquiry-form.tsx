import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link } from "react-router";

import { buttonClass } from "~/components/ui/button-link";
import { Field, inputClass } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useToast } from "~/components/ui/toast";
import { BUDGETS, ContactSchema } from "~/lib/schemas";

export type EnquiryResult = { reply: SubmissionResult<string[]>; error: string | null };

const budgetLabels: Record<(typeof BUDGETS)[number], string> = {
  "5k-10k": "€5k – €10k",
  "10k-25k": "€10k – €25k",
  "25k-50k": "€25k – €50k",
  "50k+": "€50k+",
};

function Required() {
  return (
    <span className="text-destructive" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** The enquiry form: a real POST (works without JavaScript); with it, no reload and toasts. */
export function EnquiryForm({
  token,
  result,
  sent,
}: {
  token: string;
  result?: EnquiryResult;
  sent: boolean;
}) {
  const { toast } = useToast();
  const [form, fields] = useForm({
    id: "enquiry",
    lastResult: result?.reply,
    constraint: getZodConstraint(ContactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (sent)
      toast({ title: "Message sent successfully!", description: "We'll get back to you within 24 hours." });
  }, [sent, toast]);
  useEffect(() => {
    if (result?.error)
      toast({ title: "Failed to send message", description: result.error, variant: "destructive" });
  }, [result, toast]);

  if (sent) {
    return (
      <div role="status" className="py-10 text-center">
        <p className="text-5xl" aria-hidden="true">
          ✓
        </p>
        <h3 className="mt-4 text-2xl font-bold">Message Sent!</h3>
        <p className="mt-2 text-muted">
          Thank you for getting in touch. We'll get back to you within 24 hours.
        </p>
        <Link to="/contact" preventScrollReset className={`mt-6 ${buttonClass("outline")}`}>
          Send Another Message
        </Link>
      </div>
    );
  }

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-6 grid gap-5">
      {result?.error && <FormError>{result.error}</FormError>}
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
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
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
          {BUDGETS.map((b) => (
            <option key={b} value={b}>
              {budgetLabels[b]}
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
      <SubmitButton label="Send Message" pendingLabel="Sending..." action="/contact" />
    </Form>
  );
}
