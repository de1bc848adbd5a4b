export { getSessionUser } from "./auth.server";
export { mayUse } from "./route-access.server";
export { requireApiAdmin, roleMayOpen, signedInStaff, staffOf } from "./staff-only.server";
export type { StaffUser } from "./users.server";
export { listStaff } from "./users.server";
