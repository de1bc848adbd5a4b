import { passkeyChallengeCookie, passkeySignIn } from "~/features/staff/auth.server";
import { authenticationOptions } from "~/features/staff/credentials/passkeys.server";
import { readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { clientIp } from "~/platform/http/request-context";

import type { Route } from "./+types/admin-passkey-sign-in";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * POST /admin/login/passkey `{step: "options"}` → the browser's challenge (kept sealed in a cookie);
 * `{step: "verify", response}` → a session and where to go. A passkey is a second factor in itself
 * (the device, unlocked), so it needs no code after it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST" }, { status: 405, headers: noStore });
  const body = (await readJsonBody(request)) as { step?: unknown; response?: unknown } | null;
  const cookie = passkeyChallengeCookie();
  if (body?.step === "options") {
    const { options, sealed } = await authenticationOptions();
    return Response.json(
      { options },
      { headers: { ...noStore, "Set-Cookie": await cookie.serialize(sealed) } },
    );
  }
  if (body?.step !== "verify" || typeof body.response !== "object" || body.response === null) {
    return Response.json(
      { error: "Send {step: 'options'} or {step: 'verify', response}" },
      { status: 400, headers: noStore },
    );
  }
  const sealed: unknown = await cookie.parse(request.headers.get("Cookie"));
  try {
    const session = await passkeySignIn(
      body.response as Parameters<typeof passkeySignIn>[0],
      typeof sealed === "string" ? sealed : undefined,
      clientIp(context),
      request.headers.get("User-Agent") ?? "",
    );
    const headers = new Headers(noStore);
    headers.append("Set-Cookie", session);
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
    return Response.json({ redirect: "/admin" }, { headers });
  } catch (error) {
    return domainErrorResponse(error, noStore);
  }
}
