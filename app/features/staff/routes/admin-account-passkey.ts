import { passkeyChallengeCookie } from "~/features/staff/auth.server";
import { CONFIRM_FIRST, recentlyConfirmed } from "~/features/staff/confirm-identity.server";
import { registerPasskey, registrationOptions } from "~/features/staff/credentials/passkeys.server";
import { staffOf } from "~/features/staff/staff-only.server";
import { readJsonBody } from "~/platform/http/api.server";
import { FieldError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/admin-account-passkey";

export const handle: RouteHandle = { access: "contributor", settingUp: true };

const noStore = { "Cache-Control": "private, no-store" };

/**
 * POST /admin/account/passkey `{step: "options"}` → what the browser needs to make a passkey for the
 * signed-in account; `{step: "register", response, name}` → kept (201).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  if (request.method !== "POST")
    return Response.json({ error: "Use POST" }, { status: 405, headers: noStore });
  if (!(await recentlyConfirmed(request, user.id)))
    return Response.json({ error: CONFIRM_FIRST }, { status: 403, headers: noStore });
  const body = (await readJsonBody(request)) as { step?: unknown; response?: unknown; name?: unknown };
  const cookie = passkeyChallengeCookie();
  if (body.step === "options") {
    const { options, sealed } = await registrationOptions(user);
    return Response.json(
      { options },
      { headers: { ...noStore, "Set-Cookie": await cookie.serialize(sealed) } },
    );
  }
  if (body.step !== "register" || typeof body.response !== "object" || body.response === null) {
    return Response.json(
      { error: "Send {step: 'options'} or {step: 'register', response, name}" },
      { status: 400, headers: noStore },
    );
  }
  const sealed: unknown = await cookie.parse(request.headers.get("Cookie"));
  try {
    await registerPasskey(
      user,
      body.response as Parameters<typeof registerPasskey>[1],
      typeof sealed === "string" ? sealed : undefined,
      typeof body.name === "string" ? body.name : "",
    );
  } catch (error) {
    if (error instanceof FieldError)
      return Response.json({ error: error.message }, { status: 400, headers: noStore });
    throw error;
  }
  return Response.json(
    { ok: true },
    { status: 201, headers: { ...noStore, "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } },
  );
}
