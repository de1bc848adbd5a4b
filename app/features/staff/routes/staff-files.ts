import { roleMayOpen, signedInStaff } from "~/features/staff/staff-only.server";

import type { Route } from "./+types/staff-files";

/**
 * The group of staff-only downloads and previews (app/routes.ts): signed in, or the sign-in page; a
 * role the route does not open to, 403.
 */
export const middleware: Route.MiddlewareFunction[] = [signedInStaff("file"), roleMayOpen("file")];
