import { Form } from "react-router";

import { Field, inputClass } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

import { PasswordField } from "./password-field";
import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** "Confirm it's you": shown until the session has proved its person lately (changes to sign-in need it). */
export function ConfirmSection({ a, answer }: SectionProps) {
  const { on, fieldError, said } = answerIn(answer, "confirm");
  if (a.confirmed && !on) return null;
  return (
    <div className={card} id="confirm">
      <h2 className={h2}>Confirm it&rsquo;s you</h2>
      <p className={lead}>
        Before changing your passkeys, your authenticator app or the second step, show it is you. It lasts ten
        minutes.
      </p>
      {on?.done ? (
        said
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
              errors={fieldError("confirmPassword")}
            />
          )}
          {a.totp && (
            <Field
              id="confirm-code"
              label={a.hasPassword ? "Or a code from your app" : "A code from your app"}
              errorId="confirm-code-error"
              errors={fieldError("confirmCode")}
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
            {said}
          </div>
        </Form>
      ) : (
        <>
          <p className="mt-4 text-sm">
            Your account signs in with a passkey only: sign out and sign in again with it, then make the
            change.
          </p>
          {said}
        </>
      )}
    </div>
  );
}
