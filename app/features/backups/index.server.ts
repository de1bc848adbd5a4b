export { backupStatus, restoreIfEmpty, staleBackup, startBackup, stopBackup } from "./backup.server";
export { restoreFromReplica } from "./litestream.server";
export { describeReplica, parseReplicaUrl } from "./replica.server";
