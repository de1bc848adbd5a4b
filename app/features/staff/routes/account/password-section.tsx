import { Form } from "react-router";

import { SubmitButton } from "~/ui/forms/submit-button";

import { PasswordField } from "./password-field";
import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** Change your password, or set one on an account that signs in with a passkey. */
export function PasswordSection({ a, answer }: SectionProps) {
  const { fieldError, said } = answerIn(answer, "password");
  return (
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
            errors={fieldError("current")}
          />
        )}
        <PasswordField
          id="new-password"
          name="password"
          label="New password"
          autoComplete="new-password"
          required
          minLength={12}
          errors={fieldError("password")}
        />
        {a.passkeys.length > 0 && (
          <label className="flex items-start gap-3 text-sm sm:col-span-2">
            <input type="checkbox" name="removePasskeys" className="mt-1" />
            <span>
              Also remove my {a.passkeys.length === 1 ? "passkey" : `${a.passkeys.length} passkeys`}. Do this
              if someone else may have used your account: they could have added one.
            </span>
          </label>
        )}
        <div className="sm:col-span-2">
          <SubmitButton label={a.hasPassword ? "Change password" : "Set password"} pendingLabel="Saving..." />
          {said}
        </div>
      </Form>
    </div>
  );
}
