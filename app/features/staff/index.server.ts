export { getSessionUser, requireAdmin, requireApiAdmin, requireSignedIn } from "./auth.server";
export { mayUse } from "./route-access.server";
export { listStaff } from "./users.server";
