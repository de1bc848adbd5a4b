import { recentlyConfirmed } from "~/features/staff/confirm-identity.server";
import { listPasskeys } from "~/features/staff/credentials/passkeys.server";
import {
  secondFactorOf,
  totpSetup,
  unusedRecoveryCodes,
} from "~/features/staff/credentials/two-factor.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { staffMustUseSecondFactor } from "~/features/staff/staff-policy.server";
import { getAccount, teamToLink } from "~/features/staff/users.server";
import { ROLE_LABELS } from "~/platform/http/access";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { dayInDublin } from "~/platform/text/dates";
import { FormError } from "~/ui/forms/form-error";

import type { Route } from "./+types/admin-account";
import { accountAction } from "./account/account-action.server";
import type { Answer } from "./account/answer";
import { AuthenticatorSection } from "./account/authenticator-section";
import { ConfirmSection } from "./account/confirm-section";
import { PasskeysSection } from "./account/passkeys-section";
import { PasswordSection } from "./account/password-section";
import { ProfileSection } from "./account/profile-section";
import { SecondStepSection } from "./account/second-step-section";

export const handle: RouteHandle = { access: "contributor", settingUp: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Your account", noindex: true });

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
      added: dayInDublin(p.createdAt),
      lastUsed: p.lastUsedAt ? dayInDublin(p.lastUsedAt) : null,
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

/** Every form on the page is a plain form (adding a passkey is the one thing that needs the browser). */
export const action = (args: Route.ActionArgs) => accountAction(args);

export default function Account({ loaderData: a, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
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

      <ConfirmSection a={a} answer={answer} />
      <ProfileSection a={a} answer={answer} />
      <PasskeysSection a={a} answer={answer} />
      <AuthenticatorSection a={a} answer={answer} />
      <SecondStepSection a={a} answer={answer} />
      <PasswordSection a={a} answer={answer} />
    </section>
  );
}
