import { issuesOf, jsonError, readJsonBody } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/domain-errors.server";
import { clientIp } from "~/lib/request-context";
import { LoginSchema } from "~/lib/schemas";
import { endSession, getSessionUser, startSession, verifyCredentials } from "~/services/auth.server";

import type { Route } from "./+types/auth";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/auth/user: the signed-in admin `{id, username}`, or 401. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (params.op !== "user") return jsonError(404, "Not found");
  const user = await getSessionUser(request);
  return user
    ? Response.json(user, { headers: noStore })
    : jsonError(401, "Not signed in", undefined, noStore);
}

/** POST /api/auth/login `{username, password}` and POST /api/auth/logout. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  if (params.op === "logout") {
    return Response.json({ ok: true }, { headers: { ...noStore, "Set-Cookie": await endSession(request) } });
  }
  if (params.op !== "login") return jsonError(404, "Not found");
  const parsed = LoginSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Username and password are required", issuesOf(parsed.error));
  try {
    const user = await verifyCredentials(parsed.data.username, parsed.data.password, clientIp(context));
    return Response.json(user, {
      headers: {
        ...noStore,
        "Set-Cookie": await startSession(user.id, request.headers.get("User-Agent") ?? ""),
      },
    });
  } catch (error) {
    return domainErrorResponse(error, noStore);
  }
}
