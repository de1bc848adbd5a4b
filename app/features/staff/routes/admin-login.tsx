import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";

import { afterPassword, getSessionUser } from "~/features/staff/auth.server";
import { signInWithPassword } from "~/features/staff/authenticator.server";
import { PasskeySignIn } from "~/features/staff/components/passkey-sign-in";
import { SignInCard } from "~/features/staff/components/sign-in-card";
import { LoginSchema } from "~/features/staff/schemas";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-login";

/** The admin is the one part of the site React runs in the browser; sign-in is a card of its own. */
export const handle: RouteHandle = { hydrate: true, shell: "admin" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Admin Sign In", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.login);
  const submission = parseWithZod(form, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ reply: submission.reply({ hideFields: ["password"] }), message: null }, { status: 400 });
  }
  try {
    const user = await signInWithPassword(request, submission.value);
    const next = await afterPassword(user, request.headers.get("User-Agent") ?? "");
    const headers = new Headers();
    headers.append("Set-Cookie", "session" in next ? next.session : next.secondStep);
    headers.append("Set-Cookie", next.knownDevice);
    throw redirect("session" in next ? "/admin" : "/admin/login/verify", { headers });
  } catch (error) {
    const { status, headers, formErrors } = domainErrorForForm(error);
    return data(
      {
        reply: submission.reply({ hideFields: ["password"], resetForm: false }),
        message: formErrors[0] ?? null,
      },
      { status, headers },
    );
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.reply,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const error =
    actionData?.message ??
    (actionData && !fields.username.errors && !fields.password.errors
      ? "Login failed. Please check your credentials."
      : null);
  // After a failed attempt the password is cleared, as it is when the page reloads without JavaScript.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData?.message && password.current) password.current.value = "";
  }, [actionData]);

  return (
    <SignInCard back={{ to: "/", label: "← Back to the site" }}>
      <h1 className="text-2xl font-bold">Admin Sign In</h1>
      <p className="mt-2 text-sm text-muted">Sign in to run the site: posts, case studies, enquiries.</p>
      {error && <FormError className="mt-6">{error}</FormError>}
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
        <Field
          id={fields.username.id}
          label="Username"
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        >
          <input
            {...getInputProps(fields.username, { type: "text" })}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.password.id}
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        >
          <input
            {...getInputProps(fields.password, { type: "password" })}
            ref={password}
            autoComplete="current-password"
            className={inputClass}
          />
        </Field>
        <SubmitButton label="Sign In" pendingLabel="Signing in..." action="/admin/login" />
      </Form>
      <PasskeySignIn />
    </SignInCard>
  );
}
