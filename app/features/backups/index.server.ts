export { backupStatus, staleBackup } from "./backup.server";
