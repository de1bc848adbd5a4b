export { audit, auditFailedSignIn, pruneAudit } from "./audit.server";
