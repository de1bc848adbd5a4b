import { useState } from "react";
import { useRevalidator } from "react-router";

import { describeDevice } from "~/features/analytics";
import { addPasskey, usePasskeySupport } from "~/features/staff/credentials/passkey-client";
import { FormError } from "~/ui/forms/form-error";

const inputClass =
  "min-h-11 w-full rounded-xl border border-border bg-bg px-3 text-sm focus:border-primary focus:outline-none sm:max-w-64";
const buttonClass =
  "min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-primary-fg hover:opacity-90 disabled:opacity-60";

/**
 * Adds a passkey for this device (or a phone or security key the browser offers). The browser's own
 * dialog does the work, so this needs JavaScript; without it the account page says so.
 */
export function AddPasskey() {
  const supported = usePasskeySupport();
  const [typed, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ error?: string; done?: string }>({});
  const revalidator = useRevalidator();

  if (supported === null) {
    return (
      <noscript>
        <p className="mt-6 text-sm text-muted">
          Adding a passkey needs JavaScript, which is off in this browser.
        </p>
      </noscript>
    );
  }
  if (!supported) {
    return (
      <p className="mt-6 text-sm text-muted">
        This browser cannot make passkeys. Try a current Chrome, Safari, Edge or Firefox.
      </p>
    );
  }

  const name = typed ?? describeDevice(navigator.userAgent);

  async function add() {
    setBusy(true);
    setSaid({});
    try {
      await addPasskey(name);
      setSaid({ done: "Passkey added. Next time, choose “Sign in with a passkey”." });
      await revalidator.revalidate();
    } catch (failure) {
      setSaid({ error: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium" htmlFor="passkey-name">
          Name it
          <input
            id="passkey-name"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </label>
        <button type="button" onClick={add} disabled={busy} className={buttonClass}>
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </div>
      {said.error && <FormError className="mt-4">{said.error}</FormError>}
      {said.done && (
        <p role="status" className="mt-4 text-sm font-semibold text-secondary">
          {said.done}
        </p>
      )}
    </div>
  );
}
