import { data, Form, redirect } from "react-router";

import { completeSecondStep, pendingSecondStep, secondStepCookie } from "~/features/staff/auth.server";
import { PasskeySignIn } from "~/features/staff/components/passkey-sign-in";
import { SignInCard } from "~/features/staff/components/sign-in-card";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { clientIp } from "~/platform/http/request-context";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-login-verify";

export const handle: RouteHandle = { hydrate: true, shell: "admin" };
export const meta: Route.MetaFunction = () => pageMeta({ title: "Confirm It's You", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const STARTED_OVER =
  "This sign-in has ended: it lasts five minutes, and stops after too many wrong codes. Please sign in again.";

/** The second step of signing in, after a right password: the code from the app, or a recovery code. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await pendingSecondStep(request);
  if (!user) throw redirect("/admin/login");
  return { username: user.username };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await pendingSecondStep(request);
  if (!user) return data({ message: STARTED_OVER }, { status: 401 });
  const form = await readFormBody(request, FORM_LIMIT_BYTES.login);
  const code = String(form.get("code") ?? "").slice(0, 40);
  if (!code.trim()) return data({ message: "Enter the code from your authenticator app" }, { status: 400 });
  try {
    const session = await completeSecondStep(
      user,
      code,
      clientIp(context),
      request.headers.get("User-Agent") ?? "",
    );
    const headers = new Headers();
    headers.append("Set-Cookie", session);
    headers.append("Set-Cookie", await secondStepCookie().serialize("", { maxAge: 0 }));
    throw redirect("/admin", { headers });
  } catch (error) {
    const { status, headers: errorHeaders, formErrors } = domainErrorForForm(error);
    const headers = new Headers(errorHeaders);
    // Refused for too many tries: this pending step is over, a new sign-in starts from the password.
    if (status === 429) headers.append("Set-Cookie", await secondStepCookie().serialize("", { maxAge: 0 }));
    return data({ message: formErrors[0] ?? "Please try again." }, { status, headers });
  }
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInCard back={{ to: "/admin/login", label: "← Start again" }}>
      <h1 className="text-2xl font-bold">Confirm it&rsquo;s you</h1>
      <p className="mt-2 text-sm text-muted">
        Open the authenticator app on your phone and enter the 6-digit code it shows for Northwall Digital (
        {loaderData.username}). Lost the phone? Enter one of your recovery codes instead.
      </p>
      {actionData?.message && <FormError className="mt-6">{actionData.message}</FormError>}
      <Form method="post" className="mt-6 grid gap-5">
        <Field id="code" label="Code" errorId="code-error">
          <input
            id="code"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            maxLength={40}
            aria-invalid={actionData?.message ? true : undefined}
            className={`${inputClass} font-mono text-lg tracking-widest`}
          />
        </Field>
        <SubmitButton label="Confirm and sign in" pendingLabel="Checking..." action="/admin/login/verify" />
      </Form>
      <PasskeySignIn />
    </SignInCard>
  );
}
