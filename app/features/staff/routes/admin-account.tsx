import { data, Form } from "react-router";
import { z } from "zod";

import { currentSessionId } from "~/features/staff/auth.server";
import { AddPasskey } from "~/features/staff/components/add-passkey";
import {
  confirmIdentity,
  recentlyConfirmed,
  requireRecentConfirmation,
} from "~/features/staff/confirm-identity.server";
import { listPasskeys, removePasskey } from "~/features/staff/credentials/passkeys.server";
import {
  beginTotp,
  confirmTotp,
  replaceRecoveryCodes,
  secondFactorOf,
  setSecondFactorRequired,
  totpSetup,
  turnOffTotp,
  unusedRecoveryCodes,
} from "~/features/staff/credentials/two-factor.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { staffMustUseSecondFactor } from "~/features/staff/staff-policy.server";
import { changeOwnPassword, getAccount, teamToLink, updateProfile } from "~/features/staff/users.server";
import { ROLE_LABELS } from "~/platform/http/access";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { clientIp } from "~/platform/http/request-context";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { personName } from "~/platform/text/schemas";
import { Field, inputClass } from "~/ui/field";
import { FormError } from "~/ui/form-error";
import { SubmitButton } from "~/ui/submit-button";

import type { Route } from "./+types/admin-account";

export const handle: RouteHandle = { access: "editor", settingUp: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Your account", noindex: true });

const day = new Intl.DateTimeFormat("en-IE", { dateStyle: "medium", timeZone: "Europe/Dublin" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const account = getAccount(user.id)!;
  const factors = secondFactorOf(user.id);
  return {
    welcome: new URL(request.url).searchParams.get("welcome") === "passkey",
    username: account.username,
    name: account.name,
    email: account.email,
    role: ROLE_LABELS[account.role],
    teamMemberId: account.teamMemberId,
    team: teamToLink(),
    hasPassword: account.password !== "",
    passkeys: listPasskeys(user.id).map((p) => ({
      id: p.id,
      name: p.name,
      synced: p.backedUp,
      added: day.format(p.createdAt),
      lastUsed: p.lastUsedAt ? day.format(p.lastUsedAt) : null,
    })),
    totp: factors.totp,
    // A setup begun and not yet confirmed: the QR code stays on screen until a code is checked.
    totpSetup:
      !factors.totp && account.totpPendingSecret
        ? totpSetup(account.username, account.totpPendingSecret)
        : null,
    recoveryLeft: unusedRecoveryCodes(user.id),
    requireSecondFactor: factors.required,
    canRequire: factors.totp || factors.passkeys > 0,
    staffRule: staffMustUseSecondFactor(),
    missingSecondStep: factors.missing,
    confirmed: await recentlyConfirmed(request, user.id),
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("profile"),
    name: z
      .string()
      .trim()
      .max(80, "At most 80 characters")
      .refine(...personName("Your name")),
    teamMemberId: z.string().max(64),
  }),
  z.object({
    intent: z.literal("password"),
    current: z.string().max(1000).default(""),
    password: z.string().max(1000),
    removePasskeys: z.literal("on").optional(),
  }),
  z.object({
    intent: z.literal("confirm"),
    confirmPassword: z.string().max(1000).default(""),
    confirmCode: z.string().max(40).default(""),
  }),
  z.object({ intent: z.literal("passkey-remove"), id: z.string().min(1).max(1024) }),
  z.object({ intent: z.literal("totp-begin") }),
  z.object({ intent: z.literal("totp-confirm"), code: z.string().max(40) }),
  z.object({ intent: z.literal("totp-off") }),
  z.object({ intent: z.literal("recovery-new") }),
  z.object({ intent: z.literal("require"), required: z.enum(["on", "off"]) }),
]);

const SECTION_OF = {
  profile: "profile",
  password: "password",
  confirm: "confirm",
  "passkey-remove": "passkeys",
  "totp-begin": "totp",
  "totp-confirm": "totp",
  "totp-off": "totp",
  "recovery-new": "totp",
  require: "require",
} as const;
/** Fields shown with their own error beside them; any other problem is said above the section's buttons. */
const INLINE_FIELDS = new Set(["name", "current", "password", "code", "confirmPassword", "confirmCode"]);
/** Changes to how the account signs in: each needs the session to have proved its person lately. */
const CHANGES_A_FACTOR = new Set([
  "passkey-remove",
  "totp-begin",
  "totp-confirm",
  "totp-off",
  "recovery-new",
  "require",
]);

type Answer = {
  section: string;
  error?: string;
  fieldErrors?: Record<string, string[]>;
  done?: string;
  recoveryCodes?: string[];
};

/** Every form on the page is a plain form (adding a passkey is the one thing that needs the browser). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const form = Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.account));
  const parsed = ActionSchema.safeParse(form);
  // A name the profile's rules refuse is said beside the field; anything else was not sent by the page.
  const nameIssue = parsed.error?.issues.find((issue) => issue.path[0] === "name");
  if (form.intent === "profile" && nameIssue) {
    return data<Answer>({ section: "profile", fieldErrors: { name: [nameIssue.message] } }, { status: 400 });
  }
  if (!parsed.success) {
    return data<Answer>(
      { section: "page", error: "That request was not understood. Please try again." },
      { status: 400 },
    );
  }
  const wanted = parsed.data;
  try {
    const settingFirstPassword = wanted.intent === "password" && !getAccount(user.id)?.password;
    if (CHANGES_A_FACTOR.has(wanted.intent) || settingFirstPassword)
      await requireRecentConfirmation(request, user.id);
    switch (wanted.intent) {
      case "confirm":
        await confirmIdentity(
          request,
          user,
          { password: wanted.confirmPassword, code: wanted.confirmCode },
          clientIp(context),
        );
        return {
          section: "confirm",
          done: "Thank you. For the next ten minutes you can change how you sign in.",
        } satisfies Answer;
      case "profile":
        updateProfile(user.id, { name: wanted.name, teamMemberId: wanted.teamMemberId || null });
        return { section: "profile", done: "Saved." } satisfies Answer;
      case "password":
        await changeOwnPassword(user.id, wanted.current, wanted.password, await currentSessionId(request), {
          removePasskeys: wanted.removePasskeys === "on",
        });
        return {
          section: "password",
          done:
            wanted.removePasskeys === "on"
              ? "Password changed, your passkeys removed and your other devices signed out."
              : "Password changed. Your other devices are signed out.",
        } satisfies Answer;
      case "passkey-remove":
        removePasskey(user.id, wanted.id);
        return { section: "passkeys", done: "Passkey removed." } satisfies Answer;
      case "totp-begin":
        await beginTotp(user.id);
        return { section: "totp" } satisfies Answer;
      case "totp-confirm":
        return { section: "totp", recoveryCodes: await confirmTotp(user.id, wanted.code) } satisfies Answer;
      case "totp-off":
        turnOffTotp(user.id);
        return { section: "totp", done: "The authenticator app is off." } satisfies Answer;
      case "recovery-new":
        return { section: "totp", recoveryCodes: replaceRecoveryCodes(user.id) } satisfies Answer;
      case "require":
        setSecondFactorRequired(user.id, wanted.required === "on");
        return { section: "require", done: "Saved." } satisfies Answer;
    }
  } catch (error) {
    const { status, headers, fieldErrors, formErrors } = domainErrorForForm(error);
    const [field, messages] = Object.entries(fieldErrors)[0] ?? [];
    const error_ = formErrors[0] ?? (field && !INLINE_FIELDS.has(field) ? messages?.[0] : undefined);
    // Not confirmed lately: said in the "confirm it's you" box, which is where to act on it.
    const section = field === "confirm" ? "confirm" : SECTION_OF[wanted.intent];
    return data<Answer>(
      { section, fieldErrors, error: error_ },
      { status: field === "confirm" ? 403 : status, headers },
    );
  }
}

const card = "rounded-3xl border border-border bg-card p-6 sm:p-8";
const h2 = "text-xl font-bold tracking-tight";
const lead = "mt-1 text-sm text-muted";
const done = "mt-4 text-sm font-semibold text-secondary";

export default function Account({ loaderData: a, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const on = (section: string) => (answer?.section === section ? answer : undefined);
  const fieldError = (section: string, field: string) => on(section)?.fieldErrors?.[field];
  const sectionSaid = (section: string) =>
    on(section)?.error ? (
      <FormError className="mt-4">{on(section)!.error}</FormError>
    ) : on(section)?.done ? (
      <p role="status" className={done}>
        {on(section)!.done}
      </p>
    ) : null;

  return (
    <section aria-labelledby="account-heading" className="grid max-w-3xl gap-6">
      <div>
        <h1 id="account-heading" className="text-3xl font-bold tracking-tight">
          Your account
        </h1>
        <p className="mt-2 text-muted">
          Signed in as <strong className="text-fg">{a.username}</strong> · {a.role}
          {a.email ? ` · ${a.email}` : ""}
        </p>
      </div>
      {answer?.section === "page" && answer.error && <FormError>{answer.error}</FormError>}
      {a.welcome && a.passkeys.length === 0 && (
        <p role="status" className="rounded-xl border border-secondary/40 bg-secondary/5 px-4 py-3 text-sm">
          <strong>Welcome!</strong> One last step: under Passkeys, press “Add a passkey” and follow your
          browser. That is how you will sign in from now on.
        </p>
      )}

      {a.missingSecondStep && (
        <p role="alert" className="rounded-xl border border-primary/40 bg-primary/5 px-4 py-3 text-sm">
          <strong>The owner requires a second step of all staff.</strong> Add a passkey or set up an
          authenticator app below; the rest of the admin opens once you have.
        </p>
      )}

      {(!a.confirmed || on("confirm")) && (
        <div className={card} id="confirm">
          <h2 className={h2}>Confirm it&rsquo;s you</h2>
          <p className={lead}>
            Before changing your passkeys, your authenticator app or the second step, show it is you. It lasts
            ten minutes.
          </p>
          {on("confirm")?.done ? (
            sectionSaid("confirm")
          ) : a.hasPassword || a.totp ? (
            <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
              <input type="hidden" name="intent" value="confirm" />
              <input type="text" name="username" value={a.username} autoComplete="username" readOnly hidden />
              {a.hasPassword && (
                <PasswordField
                  id="confirm-password"
                  name="confirmPassword"
                  label="Your password"
                  autoComplete="current-password"
                  errors={fieldError("confirm", "confirmPassword")}
                />
              )}
              {a.totp && (
                <Field
                  id="confirm-code"
                  label={a.hasPassword ? "Or a code from your app" : "A code from your app"}
                  errorId="confirm-code-error"
                  errors={fieldError("confirm", "confirmCode")}
                >
                  <input
                    id="confirm-code"
                    name="confirmCode"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={40}
                    className={`${inputClass} font-mono tracking-widest`}
                  />
                </Field>
              )}
              <div className="sm:col-span-2">
                <SubmitButton label="Confirm" pendingLabel="Checking..." />
                {sectionSaid("confirm")}
              </div>
            </Form>
          ) : (
            <>
              <p className="mt-4 text-sm">
                Your account signs in with a passkey only: sign out and sign in again with it, then make the
                change.
              </p>
              {sectionSaid("confirm")}
            </>
          )}
        </div>
      )}

      <div className={card}>
        <h2 className={h2}>On your posts</h2>
        <p className={lead}>The name your posts show, and the team member whose photo they show beside it.</p>
        <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="profile" />
          <Field id="name" label="Your name" errorId="name-error" errors={fieldError("profile", "name")}>
            <input
              id="name"
              name="name"
              defaultValue={a.name}
              maxLength={80}
              autoComplete="name"
              className={inputClass}
            />
          </Field>
          <Field id="teamMemberId" label="You on the About page" errorId="team-error">
            <select
              id="teamMemberId"
              name="teamMemberId"
              defaultValue={a.teamMemberId ?? ""}
              className={inputClass}
            >
              <option value="">Not linked</option>
              {a.team.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} — {m.role}
                </option>
              ))}
            </select>
          </Field>
          <div className="sm:col-span-2">
            <SubmitButton label="Save" pendingLabel="Saving..." />
            {sectionSaid("profile")}
          </div>
        </Form>
      </div>

      <div className={card}>
        <h2 className={h2}>Passkeys</h2>
        <p className={lead}>
          Sign in with your fingerprint, face or phone instead of a password. A passkey cannot be phished or
          guessed, and needs no code after it.
        </p>
        {a.passkeys.length > 0 && (
          <ul className="mt-6 divide-y divide-border rounded-2xl border border-border">
            {a.passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold">{p.name}</p>
                  <p className="text-sm text-muted">
                    Added {p.added}
                    {p.lastUsed ? ` · last used ${p.lastUsed}` : " · not used yet"}
                    {p.synced ? " · synced across your devices" : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="passkey-remove" />
                  <input type="hidden" name="id" value={p.id} />
                  <SubmitButton
                    variant="outline"
                    compact
                    label="Remove"
                    pendingLabel="Removing..."
                    aria-label={`Remove the passkey ${p.name}`}
                  />
                </Form>
              </li>
            ))}
          </ul>
        )}
        <AddPasskey />
        {sectionSaid("passkeys")}
      </div>

      <div className={card}>
        <h2 className={h2}>Authenticator app</h2>
        <p className={lead}>
          A 6-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password...), asked for after your password.
        </p>
        {on("totp")?.recoveryCodes ? (
          <RecoveryCodes codes={on("totp")!.recoveryCodes!} />
        ) : a.totp ? (
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <p className="mr-auto text-sm">
              <span className="rounded-full bg-secondary/10 px-2 py-0.5 font-semibold text-secondary">
                On
              </span>{" "}
              {a.recoveryLeft} of 10 recovery codes unused
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="recovery-new" />
              <SubmitButton variant="outline" compact label="New recovery codes" pendingLabel="Making..." />
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="totp-off" />
              <SubmitButton variant="outline" compact label="Turn off" pendingLabel="Turning off..." />
            </Form>
          </div>
        ) : a.totpSetup ? (
          <div className="mt-6 grid gap-6 sm:grid-cols-[12rem_1fr] sm:items-start">
            <div
              role="img"
              aria-label="QR code to scan with your authenticator app"
              className="rounded-2xl bg-white p-2 text-black [&_svg]:h-auto [&_svg]:w-full"
              dangerouslySetInnerHTML={{ __html: a.totpSetup.qrSvg }}
            />
            <div>
              <p className="text-sm">
                1. In the app, add an account and scan this code. No camera? Type this key:
              </p>
              <p className="mt-2 font-mono text-sm break-all select-all" data-testid="totp-secret">
                {a.totpSetup.secret}
              </p>
              <Form method="post" className="mt-5 grid gap-3">
                <input type="hidden" name="intent" value="totp-confirm" />
                <Field
                  id="totp-code"
                  label="2. Enter the code the app shows"
                  errorId="totp-code-error"
                  errors={fieldError("totp", "code")}
                >
                  <input
                    id="totp-code"
                    name="code"
                    required
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={12}
                    className={`${inputClass} max-w-48 font-mono tracking-widest`}
                  />
                </Field>
                <div>
                  <SubmitButton label="Turn on" pendingLabel="Checking..." />
                </div>
              </Form>
            </div>
          </div>
        ) : (
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="totp-begin" />
            <SubmitButton variant="outline" label="Set up an authenticator app" pendingLabel="Preparing..." />
          </Form>
        )}
        {sectionSaid("totp")}
      </div>

      <div className={card}>
        <h2 className={h2}>Require a second step</h2>
        <p className={lead}>
          When on, your password alone cannot sign you in: you use a passkey, or your password and a code from
          the app. Someone who learns your password still cannot get in.
        </p>
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="require" />
          <input type="hidden" name="required" value={a.requireSecondFactor ? "off" : "on"} />
          <p className="mr-auto text-sm">
            <span
              className={`rounded-full px-2 py-0.5 font-semibold ${a.requireSecondFactor ? "bg-secondary/10 text-secondary" : "bg-bg text-muted"}`}
            >
              {a.requireSecondFactor ? "On" : "Off"}
            </span>
          </p>
          {(a.canRequire || a.requireSecondFactor) && !(a.staffRule && a.requireSecondFactor) && (
            <SubmitButton
              variant={a.requireSecondFactor ? "outline" : "primary"}
              compact
              label={a.requireSecondFactor ? "Make it optional" : "Require it"}
              pendingLabel="Saving..."
            />
          )}
        </Form>
        {!a.canRequire && (
          <p className="mt-3 text-sm text-muted">Add a passkey or an authenticator app first.</p>
        )}
        {a.staffRule && (
          <p className="mt-3 text-sm text-muted">The owner requires a second step of all staff.</p>
        )}
        {sectionSaid("require")}
      </div>

      <div className={card}>
        <h2 className={h2}>{a.hasPassword ? "Change your password" : "Set a password"}</h2>
        <p className={lead}>At least 12 characters. Your other devices are signed out when it changes.</p>
        <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" value={a.username} autoComplete="username" readOnly hidden />
          {a.hasPassword && (
            <PasswordField
              id="current"
              name="current"
              label="Current password"
              autoComplete="current-password"
              required
              errors={fieldError("password", "current")}
            />
          )}
          <PasswordField
            id="new-password"
            name="password"
            label="New password"
            autoComplete="new-password"
            required
            minLength={12}
            errors={fieldError("password", "password")}
          />
          {a.passkeys.length > 0 && (
            <label className="flex items-start gap-3 text-sm sm:col-span-2">
              <input type="checkbox" name="removePasskeys" className="mt-1" />
              <span>
                Also remove my {a.passkeys.length === 1 ? "passkey" : `${a.passkeys.length} passkeys`}. Do
                this if someone else may have used your account: they could have added one.
              </span>
            </label>
          )}
          <div className="sm:col-span-2">
            <SubmitButton
              label={a.hasPassword ? "Change password" : "Set password"}
              pendingLabel="Saving..."
            />
            {sectionSaid("password")}
          </div>
        </Form>
      </div>
    </section>
  );
}

/** A password box in its field (the error beside it is `<id>-error`). */
function PasswordField({
  id,
  name,
  label,
  autoComplete,
  required,
  minLength,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  required?: boolean;
  minLength?: number;
  errors?: string[];
}) {
  return (
    <Field id={id} label={label} errorId={`${id}-error`} errors={errors}>
      <input
        id={id}
        name={name}
        type="password"
        required={required}
        minLength={minLength}
        autoComplete={autoComplete}
        className={inputClass}
      />
    </Field>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-6 rounded-2xl border border-secondary/40 bg-secondary/5 p-5" role="status">
      <p className="font-semibold">Save these recovery codes now. They are shown only once.</p>
      <p className="mt-1 text-sm text-muted">
        Each one signs you in once if you lose your phone. Keep them in your password manager or print them.
      </p>
      <ol
        className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-3"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}
