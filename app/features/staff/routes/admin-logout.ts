import { redirect } from "react-router";

import { endSession } from "~/features/staff/auth.server";

import type { Route } from "./+types/admin-logout";

/** POST /admin/logout: ends the session on the server and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  throw redirect("/admin/login", { headers: { "Set-Cookie": await endSession(request) } });
}

export function loader() {
  throw redirect("/admin");
}
