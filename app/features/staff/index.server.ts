export { getSessionUser, startSession } from "./auth.server";
export { setSecondFactorRequired, turnOffTotp } from "./credentials/two-factor.server";
export { mayUse, routeAccess } from "./route-access.server";
export { hasLiveSession, hasSessionCookie, purgeExpiredSessions } from "./sessions.server";
export { InviteSchema, inviteStaff, withdrawInvite } from "./staff.server";
export {
  requireApiAdmin,
  roleMayOpen,
  signedInStaff,
  staffContext,
  staffOf,
  staffWhoMayOpen,
} from "./staff-only.server";
export type { StaffUser } from "./users.server";
export {
  changeRole,
  countUsers,
  createUser,
  ensureAdmin,
  findUserByUsername,
  listStaff,
  setPassword,
} from "./users.server";
export { signedOutJson, staffUserJson } from "./users.server";
