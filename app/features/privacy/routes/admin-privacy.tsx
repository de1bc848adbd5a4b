import { data, Form } from "react-router";
import { z } from "zod";

import { InboxSubpageHeading } from "~/features/enquiries";
import { type Erased, erasePersonalData } from "~/features/privacy/privacy.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { pageMeta } from "~/platform/pages/seo";
import { plural } from "~/platform/text/metrics";

import type { Route } from "./+types/admin-privacy";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Privacy requests", noindex: true });

const EraseSchema = z.object({
  email: z.email("Enter the e-mail address the request is about."),
  confirm: z.literal("yes", { error: "Tick the box to confirm: erasing cannot be undone." }),
});

function erasureMessage(email: string, erased: Erased): string {
  if (Object.values(erased).every((n) => n === 0)) return `Nothing was held about ${email}.`;
  const invitations = erased.invitations
    ? ` and ${plural(erased.invitations, "staff invitation", "staff invitations")}`
    : "";
  const audit = erased.auditEntries
    ? ` The address was taken out of ${plural(erased.auditEntries, "audit log entry", "audit log entries")}.`
    : "";
  return `Erased ${plural(erased.enquiries, "enquiry", "enquiries")}, ${plural(erased.newsletter, "newsletter subscription", "newsletter subscriptions")}${invitations} and ${plural(erased.deliveries, "e-mail or CRM delivery", "e-mails or CRM deliveries")} about ${email}.${audit}`;
}

/** Erases an address (a plain form: works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.privacyRequest));
  const parsed = EraseSchema.safeParse(form);
  if (!parsed.success)
    return data(
      { error: parsed.error.issues[0]!.message, done: null, email: String(form.email ?? "") },
      { status: 400 },
    );
  const erased = erasePersonalData(parsed.data.email);
  return { error: null, done: erasureMessage(parsed.data.email, erased), email: "" };
}

const button = "rounded-full px-5 py-2.5 text-sm font-semibold";

/** The address a request is about (both forms ask for it). */
function EmailField({
  id,
  defaultValue,
  className = "",
}: {
  id: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={`grid gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        E-mail address
      </label>
      <input
        id={id}
        name="email"
        type="email"
        required
        defaultValue={defaultValue}
        className="w-full rounded-full border border-border bg-bg px-4 py-2"
      />
    </div>
  );
}

export default function PrivacyRequests({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl">
      <InboxSubpageHeading title="Privacy requests" />
      <p className="mt-2 text-muted">
        When someone asks what the agency holds about them, or asks to be forgotten (GDPR), answer it here:
        their enquiries with the notes on them, their newsletter subscription, staff invitations sent to them
        and the audit log's entries that name them. Enquiries older than the retention period are deleted on
        their own.
      </p>

      <section aria-labelledby="export-heading" className="mt-8 rounded-2xl border border-border bg-card p-5">
        <h2 id="export-heading" className="font-semibold">
          Download what we hold
        </h2>
        <p className="mt-1 text-sm text-muted">A JSON file to send them.</p>
        {/* A plain POST to the API: the browser downloads its answer as a file (a POST, so no link on
            another site can start an export). */}
        <form method="post" action="/api/privacy/export" className="mt-4 flex flex-wrap items-end gap-2">
          <EmailField id="export-email" className="min-w-0 flex-1" />
          <button type="submit" className={`${button} border border-border hover:border-primary`}>
            Download their data
          </button>
        </form>
      </section>

      <section
        aria-labelledby="erase-heading"
        className="mt-6 rounded-2xl border border-destructive/40 bg-card p-5"
      >
        <h2 id="erase-heading" className="font-semibold">
          Erase everything about an address
        </h2>
        <p className="mt-1 text-sm text-muted">
          Their enquiries, the notes and history on them, their subscription, staff invitations sent to them,
          and any e-mail to or about them still waiting to be sent. The audit log keeps its entries with the
          address taken out. This cannot be undone.
        </p>
        {/* A new form after an erasure: the address and the tick go with it. */}
        <Form method="post" className="mt-4 grid gap-3" key={actionData?.done ?? "form"}>
          <EmailField id="erase-email" defaultValue={actionData?.email} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" required className="mt-1" />I understand this
            cannot be undone.
          </label>
          {actionData?.error && (
            <p role="alert" className="text-sm text-destructive">
              {actionData.error}
            </p>
          )}
          {actionData?.done && (
            <p role="status" className="rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
              {actionData.done}
            </p>
          )}
          <button
            type="submit"
            className={`${button} justify-self-start bg-destructive text-destructive-fg hover:opacity-90`}
          >
            Erase
          </button>
        </Form>
      </section>
    </div>
  );
}
