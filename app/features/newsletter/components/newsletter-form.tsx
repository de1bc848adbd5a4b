import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";

import { NewsletterSchema } from "~/features/newsletter/schemas";
import { useWords } from "~/platform/i18n/use-words";
import { checks } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

export type NewsletterResult =
  | { form: "newsletter"; ok: true; message: string }
  | { form: "newsletter"; ok: false; reply: SubmissionResult<string[]> };

/**
 * The newsletter box. A real POST form, so it works without JavaScript; with it, the page script sends
 * it without a reload and swaps in this box from the answer (page-forms), so the reader stays put.
 */
export function NewsletterForm({ result }: { result?: NewsletterResult }) {
  const { t, localPath } = useWords();
  // Rendered on the server only: conform shapes the error beside the field.
  const [form, fields] = useForm({
    id: "newsletter-form",
    lastResult: result && !result.ok ? result.reply : undefined,
    constraint: getZodConstraint(NewsletterSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterSchema }),
  });

  return (
    <section aria-labelledby="newsletter-heading" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6">
      <div
        id="newsletter"
        data-swap="post"
        className="rounded-3xl border border-border bg-card p-8 text-center sm:p-12"
      >
        <h2 id="newsletter-heading" className="text-2xl font-bold text-balance sm:text-3xl">
          {t("newsletter.box.heading")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-muted">{t("newsletter.box.text")}</p>
        {result?.ok ? (
          <p role="status" className="mt-6 font-semibold text-secondary">
            {result.message}
          </p>
        ) : (
          <form
            method="post"
            data-enhance=""
            data-validate="submit"
            {...getFormProps(form)}
            className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row"
          >
            <input type="hidden" name="intent" value="subscribe" />
            <div className="flex-1 text-left">
              <label htmlFor={fields.email.id} className="sr-only">
                {t("newsletter.box.emailLabel")}
              </label>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                {...checks(fields.email.errorId, {
                  valueMissing: t("newsletter.box.error.missing"),
                  typeMismatch: t("newsletter.box.error.invalid"),
                })}
                placeholder="you@company.ie"
                autoComplete="email"
                className="w-full rounded-full border border-border bg-bg px-5 py-3 aria-invalid:border-destructive"
              />
              <p
                id={fields.email.errorId}
                hidden={!fields.email.errors}
                className="mt-2 px-5 text-sm text-destructive"
              >
                {fields.email.errors?.[0]}
              </p>
            </div>
            <SubmitButton
              label={t("newsletter.box.subscribe")}
              pendingLabel={t("newsletter.box.subscribing")}
            />
          </form>
        )}
        {!result?.ok && (
          <p className="mx-auto mt-4 max-w-md text-sm text-pretty text-muted">
            {/* The words a sign-up from this page records as its consent (in the page's language). */}
            {t("newsletter.box.consent")}{" "}
            <a href={localPath("/privacy")} className="underline underline-offset-2 hover:text-fg">
              {t("newsletter.box.privacy")}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
