export { BackupStaleWarning, BackupStatusNotice } from "./components/backup-status";
