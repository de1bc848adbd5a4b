export { audit, auditFailedSignIn, listAudit, listAuditPeopleWith, pruneAudit } from "./audit.server";
