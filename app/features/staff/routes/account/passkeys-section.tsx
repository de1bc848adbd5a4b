import { Form } from "react-router";

import { AddPasskey } from "~/features/staff/components/add-passkey";
import { SubmitButton } from "~/ui/forms/submit-button";

import { answerIn, card, h2, lead, type SectionProps } from "./section";

/** Your passkeys, each with Remove, and adding one (the one thing on the page that needs the browser). */
export function PasskeysSection({ a, answer }: SectionProps) {
  const { said } = answerIn(answer, "passkeys");
  return (
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
      {said}
    </div>
  );
}
