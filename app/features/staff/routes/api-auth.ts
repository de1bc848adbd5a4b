import { z } from "zod";

import { afterPassword, completeSecondStep, endSession, getSessionUser } from "~/features/staff/auth.server";
import { signInWithPassword } from "~/features/staff/authenticator.server";
import { LoginSchema } from "~/features/staff/schemas";
import { signedOutJson, staffUserJson } from "~/features/staff/users.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { clientIp } from "~/platform/http/request-context";

import type { Route } from "./+types/api-auth";

const noStore = { "Cache-Control": "private, no-store" };

/** An integration signs in with the password, and the app's code when the account requires a second step. */
const ApiLoginSchema = LoginSchema.extend({ code: z.string().max(40).optional() });

/** GET /api/auth/user: the signed-in member of staff `{id, username, role, name}`, or 401. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (params.op !== "user") return jsonError(404, "Not found");
  const user = await getSessionUser(request);
  return user
    ? Response.json(staffUserJson(user), { headers: noStore })
    : jsonError(401, "Not signed in", undefined, noStore);
}

/** POST /api/auth/login `{username, password, code?}` and POST /api/auth/logout. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  if (params.op === "logout") {
    return Response.json(signedOutJson(), {
      headers: { ...noStore, "Set-Cookie": await endSession(request) },
    });
  }
  if (params.op !== "login") return jsonError(404, "Not found");
  const parsed = ApiLoginSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Username and password are required", issuesOf(parsed.error));
  try {
    const ip = clientIp(context);
    const userAgent = request.headers.get("User-Agent") ?? "";
    const user = await signInWithPassword(request, {
      username: parsed.data.username,
      password: parsed.data.password,
    });
    const next = await afterPassword(user, userAgent);
    if ("secondStep" in next && !parsed.data.code) {
      const issue = { path: "code", message: "The code from the authenticator app is required" };
      return jsonError(
        401,
        "This account needs the code from its authenticator app: send it as `code`",
        [issue],
        noStore,
      );
    }
    const session =
      "session" in next ? next.session : await completeSecondStep(user, parsed.data.code!, ip, userAgent);
    const headers = new Headers(noStore);
    headers.append("Set-Cookie", session);
    headers.append("Set-Cookie", next.knownDevice);
    return Response.json(staffUserJson(user), { headers });
  } catch (error) {
    return domainErrorResponse(error, noStore);
  }
}
