import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";

import { SubmitButton } from "~/components/ui/submit-button";
import { newsletter } from "~/content/blog";
import { NewsletterSchema } from "~/lib/schemas";

export type NewsletterResult =
  | { form: "newsletter"; ok: true; message: string }
  | { form: "newsletter"; ok: false; reply: SubmissionResult<string[]> };

/**
 * The newsletter box. A real POST form, so it works without JavaScript; with it, a fetcher keeps the
 * visitor where they are.
 */
export function NewsletterForm({ result }: { result?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>();
  const current = fetcher.data ?? result;
  const [form, fields] = useForm({
    id: "newsletter",
    lastResult: current && !current.ok ? current.reply : undefined,
    constraint: getZodConstraint(NewsletterSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <section aria-labelledby="newsletter-heading" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6">
      <div className="rounded-3xl border border-border bg-card p-8 text-center sm:p-12">
        <h2 id="newsletter-heading" className="text-2xl font-bold sm:text-3xl">
          {newsletter.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{newsletter.text}</p>
        {current?.ok ? (
          <p role="status" className="mt-6 font-semibold text-secondary">
            {current.message}
          </p>
        ) : (
          <fetcher.Form
            method="post"
            {...getFormProps(form)}
            className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
          >
            <input type="hidden" name="intent" value="subscribe" />
            <div className="flex-1 text-left">
              <label htmlFor={fields.email.id} className="sr-only">
                Email address
              </label>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                placeholder="you@company.ie"
                autoComplete="email"
                className="w-full rounded-full border border-border bg-bg px-5 py-3 aria-invalid:border-destructive"
              />
              {fields.email.errors && (
                <p id={fields.email.errorId} className="mt-2 px-5 text-sm text-destructive">
                  {fields.email.errors[0]}
                </p>
              )}
            </div>
            <SubmitButton
              label="Subscribe"
              pendingLabel="Subscribing..."
              pending={fetcher.state !== "idle"}
            />
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
