import {
  createContext,
  data,
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
} from "react-router";

import { type Access, mayOpen, refusalOf } from "~/platform/http/access";
import { buildRoutesContext } from "~/platform/http/request-context";
import { requestScope } from "~/platform/http/request-scope.server";

import { getSessionUser } from "./auth.server";
import { secondFactorOf } from "./credentials/two-factor.server";
import { handleOfPattern } from "./route-access.server";
import type { StaffUser } from "./users.server";

/** Who the staff group let in; set by the groups' middleware only (tests set it as the group would). */
export const staffContext = createContext<StaffUser | null>(null);

/**
 * The member of staff a staff group's middleware let in (app/routes.ts puts every admin page, admin
 * file and staff-only API in one). Only for routes inside a group: elsewhere it is a mistake in the
 * route table, not a visitor's doing.
 */
export function staffOf(context: Readonly<RouterContextProvider>): StaffUser {
  const user = context.get(staffContext);
  if (!user) throw new Error("staffOf: this route is not inside a staff group in app/routes.ts");
  return user;
}

/** How a group answers: pages and files with the sign-in page and an HTML 403, APIs with JSON. */
type Kind = "page" | "file" | "api";

const ADD_SECOND_STEP_FIRST =
  "The owner requires a second step of all staff: add a passkey or an authenticator app first";

/** An API's answers to who may not use it. */
const refusedApi = {
  signIn: () => Response.json({ error: "Authentication required" }, { status: 401 }),
  secondStep: () => Response.json({ error: ADD_SECOND_STEP_FIRST }, { status: 403 }),
  role: (access: Access | undefined) => Response.json({ error: refusalOf(access) }, { status: 403 }),
};

/**
 * Signed in (else the sign-in page, or 401), with the second step the owner requires of all staff
 * (else their account page to add one, or 403), except on the routes where one is added
 * (`handle.settingUp`). Whoever passes is in the context for the routes below (`staffOf`).
 */
export function signedInStaff(kind: Kind): MiddlewareFunction<Response> {
  return async ({ request, context, pattern }, next) => {
    const user = await getSessionUser(request);
    if (!user) {
      if (kind === "api") throw refusedApi.signIn();
      throw redirect("/admin/login");
    }
    const handle = handleOfPattern(context.get(buildRoutesContext), pattern);
    if (!handle?.settingUp && secondFactorOf(user.id).missing) {
      if (kind === "api") throw refusedApi.secondStep();
      throw redirect("/admin/account?second-step=required");
    }
    context.set(staffContext, user);
    return next();
  };
}

/**
 * The role of whoever `signedInStaff` let in may open the route the request matched: its
 * `handle.access` opens it to editors (and contributors where it says so), else it is the owner's alone
 * (deny by default). Refused: 403,
 * as JSON for an API; a page's refusal carries `frameFor`'s data, since the admin frame's loader does
 * not run after a middleware refuses and the frame draws the refusal inside itself.
 */
export function roleMayOpen(
  kind: Kind,
  frameFor?: (user: StaffUser, context: Readonly<RouterContextProvider>) => unknown,
): MiddlewareFunction<Response> {
  return async ({ context, pattern }, next) => {
    const user = staffOf(context);
    const access = handleOfPattern(context.get(buildRoutesContext), pattern)?.access;
    if (!mayOpen(user.role, access)) {
      if (kind === "api") throw refusedApi.role(access);
      throw data({ error: refusalOf(access), frame: await frameFor?.(user, context) }, { status: 403 });
    }
    return next();
  };
}

/**
 * For the writes of an API whose reads are public (outside the staff groups): the member of staff,
 * or the staff-only APIs' 401 or 403, by the route's access the root middleware noted for the request.
 */
export async function requireApiAdmin(request: Request): Promise<StaffUser> {
  const user = await getSessionUser(request);
  if (!user) throw refusedApi.signIn();
  const access = requestScope()?.access;
  if (!mayOpen(user.role, access)) throw refusedApi.role(access);
  if (secondFactorOf(user.id).missing) throw refusedApi.secondStep();
  return user;
}

/**
 * The member of staff signed in on `request` when their role may use a route of `access` and they have
 * the second step the owner requires; otherwise null. For what a public page adds for staff (a draft
 * previewed as the real page), where a visitor is simply answered as a visitor.
 */
export async function staffWhoMayOpen(request: Request, access: Access): Promise<StaffUser | null> {
  const user = await getSessionUser(request);
  if (!user || !mayOpen(user.role, access) || secondFactorOf(user.id).missing) return null;
  return user;
}
