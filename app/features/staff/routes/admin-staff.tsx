import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";

import { requireRecentConfirmation } from "~/features/staff/confirm-identity.server";
import { secondFactorOf } from "~/features/staff/credentials/two-factor.server";
import { InviteSchema, inviteStaff, pendingInvites, withdrawInvite } from "~/features/staff/staff.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { setStaffSecondFactorRule, staffMustUseSecondFactor } from "~/features/staff/staff-policy.server";
import { changeRole, listStaff, removeStaff } from "~/features/staff/users.server";
import { ROLE_LABELS, ROLE_SUMMARIES, ROLES } from "~/platform/http/access";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { canSendMail } from "~/platform/mail/mail.server";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-staff";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Staff", noindex: true });

export function loader({ context }: Route.LoaderArgs) {
  const me = staffOf(context);
  return {
    me: me.id,
    mailConfigured: canSendMail(),
    secondStepForAll: staffMustUseSecondFactor(),
    staff: listStaff().map((s) => ({
      ...s,
      lastSignInAt: s.lastSignInAt ? momentInDublin(s.lastSignInAt) : null,
      createdAt: undefined,
    })),
    invites: pendingInvites().map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      role: ROLE_LABELS[i.role],
      expires: momentInDublin(i.expiresAt),
    })),
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    name: z.string().max(200),
    email: z.string().max(300),
    role: z.string().max(20),
  }),
  z.object({ intent: z.literal("withdraw"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("role"), id: z.string().min(1).max(64), role: z.enum(ROLES) }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("second-step-rule"), required: z.enum(["on", "off"]) }),
]);

type Answer = {
  error?: string;
  done?: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
  link?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const me = staffOf(context);
  const parsed = ActionSchema.safeParse(
    Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.staff)),
  );
  if (!parsed.success) {
    return data<Answer>({ error: "That request was not understood. Please try again." }, { status: 400 });
  }
  const wanted = parsed.data;
  if (wanted.intent === "invite") {
    const values = { name: wanted.name, email: wanted.email, role: wanted.role };
    const input = InviteSchema.safeParse(values);
    if (!input.success) {
      const { fieldErrors } = z.flattenError(input.error);
      return data<Answer>({ fieldErrors, values }, { status: 400 });
    }
    try {
      const { link } = await inviteStaff(input.data);
      const done = canSendMail()
        ? `Invitation e-mailed to ${input.data.email}.`
        : `Invitation made for ${input.data.email}.`;
      return { done, link } satisfies Answer;
    } catch (error) {
      const { status, fieldErrors, formErrors } = domainErrorForForm(error);
      return data<Answer>({ fieldErrors, error: formErrors[0], values }, { status });
    }
  }
  try {
    if (wanted.intent === "withdraw") withdrawInvite(wanted.id);
    if (wanted.intent === "role") changeRole(wanted.id, wanted.role);
    if (wanted.intent === "remove") removeStaff(wanted.id);
    if (wanted.intent === "second-step-rule") {
      await requireRecentConfirmation(request, me.id);
      setStaffSecondFactorRule(wanted.required === "on");
      // The rule holds for whoever set it at once: without a second step of their own, they add one first.
      if (secondFactorOf(me.id).missing) return redirect("/admin/account?second-step=required");
    }
    return { done: "Saved." } satisfies Answer;
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const notConfirmed = fieldErrors.confirm && `${fieldErrors.confirm[0]} (under Your account)`;
    return data<Answer>({ error: formErrors[0] ?? notConfirmed }, { status: notConfirmed ? 403 : status });
  }
}

const card = "rounded-3xl border border-border bg-card p-6 sm:p-8";
const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const errorOf = (field: string) => answer?.fieldErrors?.[field];
  return (
    <section aria-labelledby="staff-heading" className="grid max-w-4xl gap-6">
      <div>
        <h1 id="staff-heading" className="text-3xl font-bold tracking-tight">
          Staff
        </h1>
        <p className="mt-2 text-muted">Who can sign in to run the site, and what each of them may do.</p>
      </div>
      {answer?.error && <FormError>{answer.error}</FormError>}
      {answer?.done && (
        <p
          role="status"
          className="rounded-xl border border-secondary/40 bg-secondary/5 px-4 py-3 text-sm font-semibold"
        >
          {answer.done}
          {answer.link && !loaderData.mailConfigured && (
            <>
              <span className="mt-2 block font-normal">
                E-mail is not set up yet, so the invitation waits in the{" "}
                <Link to="/admin/outbox" className="underline underline-offset-2">
                  Outbox
                </Link>{" "}
                until it is. Send them this link yourself:{" "}
                <span className="font-mono break-all select-all">{answer.link}</span>
              </span>
              <span className="mt-1 block font-normal text-muted">
                Your developer sets e-mail up with SMTP_URL (docs/operations.md).
              </span>
            </>
          )}
        </p>
      )}

      <div className={card}>
        <h2 className="text-xl font-bold tracking-tight">A second step for everyone</h2>
        <p className="mt-1 text-sm text-muted">
          When on, a password alone signs nobody in: each person uses a passkey, or their password and a code
          from an app. Whoever has neither is asked to add one before anything else.
        </p>
        <Form method="post" className="mt-5 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="second-step-rule" />
          <input type="hidden" name="required" value={loaderData.secondStepForAll ? "off" : "on"} />
          <p className="mr-auto text-sm">
            <span
              className={`${badge} ${loaderData.secondStepForAll ? "bg-secondary/10 text-secondary" : "bg-bg"}`}
            >
              {loaderData.secondStepForAll ? "Required of all staff" : "Left to each person"}
            </span>
          </p>
          <SubmitButton
            variant={loaderData.secondStepForAll ? "outline" : "primary"}
            compact
            label={loaderData.secondStepForAll ? "Leave it to each person" : "Require it of everyone"}
            pendingLabel="Saving..."
          />
        </Form>
      </div>

      <ul className="grid gap-3" aria-label="Staff accounts">
        {loaderData.staff.map((s) => (
          <li key={s.id} className="rounded-2xl border border-border bg-card p-5">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div>
                <p className="font-semibold">
                  {s.name || s.username}
                  {s.id === loaderData.me && (
                    <span className={`${badge} ml-2 bg-secondary/10 text-secondary`}>You</span>
                  )}
                </p>
                <p className="mt-1 text-sm text-muted">
                  {s.username}
                  {s.email ? ` · ${s.email}` : ""} ·{" "}
                  {s.lastSignInAt ? `last signed in ${s.lastSignInAt}` : "not signed in yet"}
                </p>
                <p className="mt-2 flex flex-wrap gap-2 text-xs">
                  <span className={`${badge} bg-primary/10 text-primary`}>{ROLE_LABELS[s.role]}</span>
                  {s.passkeys > 0 && (
                    <span className={`${badge} bg-bg`}>
                      {s.passkeys === 1 ? "1 passkey" : `${s.passkeys} passkeys`}
                    </span>
                  )}
                  {s.totp && <span className={`${badge} bg-bg`}>Authenticator app</span>}
                  {s.requireSecondFactor && <span className={`${badge} bg-bg`}>Second step required</span>}
                  {!s.hasPassword && <span className={`${badge} bg-bg`}>No password</span>}
                </p>
              </div>
              {s.id !== loaderData.me && (
                <div className="flex flex-wrap items-center gap-2">
                  {ROLES.filter((role) => role !== s.role).map((role) => (
                    <Form key={role} method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={s.id} />
                      <input type="hidden" name="role" value={role} />
                      <SubmitButton
                        variant="outline"
                        compact
                        label={`Make ${role}`}
                        pendingLabel="Saving..."
                        aria-label={`Make ${role}: ${s.name || s.username}`}
                      />
                    </Form>
                  ))}
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (
                        !confirm(
                          `Remove ${s.name || s.username}? They are signed out at once; their posts stay.`,
                        )
                      ) {
                        event.preventDefault();
                      }
                    }}
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={s.id} />
                    <SubmitButton
                      variant="outline"
                      compact
                      label="Remove"
                      pendingLabel="Removing..."
                      aria-label={`Remove ${s.name || s.username}`}
                    />
                  </Form>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>

      {loaderData.invites.length > 0 && (
        <div>
          <h2 className="text-xl font-bold tracking-tight">Invited, not joined yet</h2>
          <ul className="mt-3 grid gap-3" aria-label="Invitations">
            {loaderData.invites.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-border p-4"
              >
                <p className="text-sm">
                  <span className="font-semibold">{i.name}</span> · {i.email} · {i.role}
                  <span className="block text-muted">Link works until {i.expires}</span>
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="id" value={i.id} />
                  <SubmitButton
                    variant="outline"
                    compact
                    label="Withdraw"
                    pendingLabel="Withdrawing..."
                    aria-label={`Withdraw the invitation to ${i.email}`}
                  />
                </Form>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className={card}>
        <h2 className="text-xl font-bold tracking-tight">Invite someone</h2>
        <p className="mt-1 text-sm text-muted">
          They get an e-mail with a link (good for 3 days) to choose a username and a password or passkey.
        </p>
        <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2" key={answer?.done ?? "invite"}>
          <input type="hidden" name="intent" value="invite" />
          <Field id="invite-name" label="Name" errorId="invite-name-error" errors={errorOf("name")}>
            <input
              id="invite-name"
              name="name"
              required
              maxLength={80}
              defaultValue={answer?.values?.name}
              className={inputClass}
              aria-invalid={errorOf("name") ? true : undefined}
              aria-describedby={errorOf("name") ? "invite-name-error" : undefined}
            />
          </Field>
          <Field id="invite-email" label="E-mail" errorId="invite-email-error" errors={errorOf("email")}>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              defaultValue={answer?.values?.email}
              autoComplete="off"
              className={inputClass}
              aria-invalid={errorOf("email") ? true : undefined}
              aria-describedby={errorOf("email") ? "invite-email-error" : undefined}
            />
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">Role</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {ROLES.map((role) => (
                <label
                  key={role}
                  className="flex gap-3 rounded-2xl border border-border p-4 has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    defaultChecked={(answer?.values?.role ?? "editor") === role}
                    className="mt-1"
                  />
                  <span>
                    <span className="block font-semibold">{ROLE_LABELS[role]}</span>
                    <span className="block text-sm text-muted">{ROLE_SUMMARIES[role]}</span>
                  </span>
                </label>
              ))}
            </div>
            {errorOf("role") && <p className="mt-1 text-sm text-destructive">{errorOf("role")![0]}</p>}
          </fieldset>
          <div className="sm:col-span-2">
            <SubmitButton label="Send invitation" pendingLabel="Sending..." />
          </div>
        </Form>
      </div>
    </section>
  );
}
