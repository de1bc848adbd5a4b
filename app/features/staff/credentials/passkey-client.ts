import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** Whether this browser can use passkeys: false while the page is rendered on the server and hydrated. */
export function usePasskeySupport(): boolean | null {
  return useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => null);
}

/** Posts JSON to an admin endpoint; the answer's JSON, or its `error` thrown as the message. */
async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? "Something went wrong. Please try again.");
  return answer;
}

/** What the person sees when the browser's own dialog ends without a passkey. */
function explain(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED") return "Cancelled.";
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "No passkey was used (cancelled, or none for this site on this device).";
  }
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return "This device already holds a passkey for your account.";
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** Sign-in: the browser offers this site's passkeys; returns where to go, or throws what to show. */
export async function signInWithPasskey(endpoint = "/admin/login/passkey"): Promise<string> {
  try {
    const { options } = await post<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>(
      endpoint,
      { step: "options" },
    );
    const response = await startAuthentication({ optionsJSON: options });
    const { redirect } = await post<{ redirect: string }>(endpoint, { step: "verify", response });
    return redirect;
  } catch (error) {
    throw new Error(explain(error), { cause: error });
  }
}

/** Adds a passkey to the signed-in account under `name`. */
export async function addPasskey(name: string, endpoint = "/admin/account/passkey"): Promise<void> {
  try {
    const { options } = await post<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>(
      endpoint,
      { step: "options" },
    );
    const response = await startRegistration({ optionsJSON: options });
    await post(endpoint, { step: "register", response, name });
  } catch (error) {
    throw new Error(explain(error), { cause: error });
  }
}
