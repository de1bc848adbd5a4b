export type { SiteItemChange, SiteItemKind } from "./audit-actions";
export { auditLabel } from "./audit-actions";
