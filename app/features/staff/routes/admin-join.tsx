import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";

import { startSession } from "~/features/staff/auth.server";
import { SignInCard } from "~/features/staff/components/sign-in-card";
import { acceptInvite, openInvite } from "~/features/staff/staff.server";
import { MIN_PASSWORD_LENGTH, ROLE_LABELS, ROLE_SUMMARIES } from "~/platform/http/access";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-join";

export const handle: RouteHandle = { hydrate: true, shell: "admin" };
export const meta: Route.MetaFunction = () => pageMeta({ title: "Join the website", noindex: true });
// The site's Referrer-Policy (strict-origin-when-cross-origin) already keeps the link's token from
// other sites; "no-referrer" here would make the browser send "Origin: null" with the form, refused
// as cross-site.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  const opened = openInvite(tokenOf(request));
  if (!opened.ok) return { invite: null, reason: opened.reason };
  const { name, email, role } = opened.invite;
  return {
    invite: { name, email, role: ROLE_LABELS[role], summary: ROLE_SUMMARIES[role] },
    suggested: email
      .split("@")[0]!
      .replace(/[^a-z0-9._-]/gi, "")
      .toLowerCase(),
    reason: null,
  };
}

const JoinSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, "At least 3 characters")
    .max(40, "At most 40 characters")
    .regex(/^[a-z0-9._-]+$/i, "Letters, digits, dots, dashes and underscores only"),
  how: z.enum(["password", "passkey"]),
  password: z.string().max(1000).default(""),
});

/** Without JavaScript: a username and password. With it, "Use a passkey instead" too. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormBody(request, FORM_LIMIT_BYTES.login));
  const parsed = JoinSchema.safeParse(form);
  const values = { username: String(form.username ?? "").slice(0, 100) };
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    return data({ fieldErrors, values, error: null as string | null }, { status: 400 });
  }
  const { username, how, password } = parsed.data;
  if (how === "password" && password.length < MIN_PASSWORD_LENGTH) {
    const fieldErrors = { password: [`At least ${MIN_PASSWORD_LENGTH} characters`] };
    return data({ fieldErrors, values, error: null }, { status: 400 });
  }
  try {
    const user = await acceptInvite(tokenOf(request), username, how === "password" ? password : null);
    const cookie = await startSession(user.id, request.headers.get("User-Agent") ?? "", "an invitation");
    // A passkey is made on the account page, signed in (the browser's dialog needs the account to exist).
    throw redirect(how === "passkey" ? "/admin/account?welcome=passkey" : "/admin", {
      headers: { "Set-Cookie": cookie },
    });
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    // The invitation's own address may have been given to someone else since: said above the form.
    const said = formErrors[0] ?? fieldErrors.email?.[0] ?? null;
    return data({ fieldErrors, values, error: said }, { status });
  }
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const errorOf = (field: string) =>
    (actionData?.fieldErrors as Record<string, string[]> | undefined)?.[field];
  return (
    <SignInCard>
      {!loaderData.invite ? (
        <>
          <h1 className="text-2xl font-bold">Invitation not valid</h1>
          <p className="mt-3 text-muted">{loaderData.reason}</p>
          <Link to="/admin/login" className="mt-6 inline-block font-semibold text-primary hover:underline">
            Go to sign in
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Welcome, {loaderData.invite.name}</h1>
          <p className="mt-2 text-sm text-muted">
            You&rsquo;re joining as <strong className="text-fg">{loaderData.invite.role}</strong>.{" "}
            {loaderData.invite.summary} Choose how you will sign in.
          </p>
          {actionData?.error && <FormError className="mt-6">{actionData.error}</FormError>}
          <Form method="post" className="mt-6 grid gap-5">
            <Field
              id="username"
              label="Username"
              errorId="username-error"
              errors={errorOf("username")}
              hint="You sign in with this. Letters, digits, dots and dashes."
            >
              <input
                id="username"
                name="username"
                required
                minLength={3}
                maxLength={40}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={actionData?.values.username ?? loaderData.suggested}
                className={inputClass}
                aria-invalid={errorOf("username") ? true : undefined}
              />
            </Field>
            <Field
              id="password"
              label="Password"
              errorId="password-error"
              errors={errorOf("password")}
              hint="At least 12 characters. A passphrase of a few words is good."
            >
              <input
                id="password"
                name="password"
                type="password"
                minLength={MIN_PASSWORD_LENGTH}
                autoComplete="new-password"
                className={inputClass}
                aria-invalid={errorOf("password") ? true : undefined}
              />
            </Field>
            <SubmitButton
              name="how"
              value="password"
              label="Join with this password"
              pendingLabel="Joining..."
            />
            <button
              type="submit"
              name="how"
              value="passkey"
              formNoValidate
              className="min-h-12 rounded-full border border-border px-6 py-3 font-semibold hover:border-primary hover:text-primary"
            >
              Use a passkey instead
            </button>
          </Form>
        </>
      )}
    </SignInCard>
  );
}
