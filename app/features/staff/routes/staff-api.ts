import { roleMayOpen, signedInStaff } from "~/features/staff/staff-only.server";

import type { Route } from "./+types/staff-api";

/**
 * The group of staff-only APIs (app/routes.ts): no session, 401; a second step still owed or a role
 * the route does not open to, 403; all as JSON, before the route runs.
 */
export const middleware: Route.MiddlewareFunction[] = [signedInStaff("api"), roleMayOpen("api")];
