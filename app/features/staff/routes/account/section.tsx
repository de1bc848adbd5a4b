import { FormError } from "~/ui/forms/form-error";

import type { Route } from "../+types/admin-account";
import type { Answer } from "./answer";

/** What the account page loaded, as each section reads it. */
export type AccountView = Route.ComponentProps["loaderData"];

/** A section's props: the account, and the action's last answer (said only in the section it was about). */
export type SectionProps = { a: AccountView; answer: Answer | undefined };

export const card = "rounded-3xl border border-border bg-card p-6 sm:p-8";
export const h2 = "text-xl font-bold tracking-tight";
export const lead = "mt-1 text-sm text-muted";
const done = "mt-4 text-sm font-semibold text-secondary";

/** The last answer as one section shows it: its field errors, and its error or "done" above its buttons. */
export function answerIn(answer: Answer | undefined, section: string) {
  const on = answer?.section === section ? answer : undefined;
  return {
    on,
    fieldError: (field: string) => on?.fieldErrors?.[field],
    said: on?.error ? (
      <FormError className="mt-4">{on.error}</FormError>
    ) : on?.done ? (
      <p role="status" className={done}>
        {on.done}
      </p>
    ) : null,
  };
}
