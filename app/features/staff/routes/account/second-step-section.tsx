import { Form } from "react-router";

import { SubmitButton } from "~/ui/forms/submit-button";

import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** Whether your password alone can sign you in. */
export function SecondStepSection({ a, answer }: SectionProps) {
  const { said } = answerIn(answer, "require");
  return (
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
      {said}
    </div>
  );
}
