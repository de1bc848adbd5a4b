import { useState } from "react";

import { signInWithPasskey, usePasskeySupport } from "~/features/staff/credentials/passkey-client";
import { FormError } from "~/ui/forms/form-error";

const buttonClass =
  "flex min-h-12 w-full items-center justify-center gap-2 rounded-full border border-border px-6 py-3 font-semibold hover:border-primary hover:text-primary disabled:opacity-60";

/**
 * "Sign in with a passkey": shown once the page runs and the browser can use passkeys (without
 * JavaScript there is no way to ask for one, so the password form stands alone).
 */
export function PasskeySignIn() {
  const supported = usePasskeySupport();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await signInWithPasskey());
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <p className="mb-6 flex items-center gap-3 text-xs font-semibold tracking-wide text-muted uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </p>
      {error && <FormError className="mb-4">{error}</FormError>}
      <button type="button" className={buttonClass} onClick={signIn} disabled={busy}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
        >
          <circle cx="9" cy="8" r="4" />
          <path d="M2 21a7 7 0 0 1 11-5.7M17 11a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM17 17v5l1.5-1.5M17 20h2" />
        </svg>
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
    </div>
  );
}
