import { Form } from "react-router";

import { Field, inputClass } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** The authenticator app: set up with a QR code, on with its recovery codes, or turned off. */
export function AuthenticatorSection({ a, answer }: SectionProps) {
  const { on, fieldError, said } = answerIn(answer, "totp");
  return (
    <div className={card}>
      <h2 className={h2}>Authenticator app</h2>
      <p className={lead}>
        A 6-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password...), asked for after your password.
      </p>
      {on?.recoveryCodes ? (
        <RecoveryCodes codes={on.recoveryCodes} />
      ) : a.totp ? (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <p className="mr-auto text-sm">
            <span className="rounded-full bg-secondary/10 px-2 py-0.5 font-semibold text-secondary">On</span>{" "}
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
                errors={fieldError("code")}
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
      {said}
    </div>
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
