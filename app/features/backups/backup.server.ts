// Continuous off-site backup (docs/decisions/031): Litestream copies every committed change of the
// SQLite file to BACKUP_REPLICA_URL within seconds; a small copier here sends each new upload beside
// it. At start an empty volume is restored from the replica before the database is opened.
import { existsSync } from "node:fs";
import path from "node:path";

import getPort from "get-port";

import { log } from "~/platform/log.server";
import { defineTask } from "~/platform/tasks.server";

import { type BackupTarget, openBackupTarget } from "./backup-target.server";
import { startUploadCopier, type UploadCopier } from "./backup-uploads.server";
import { restoreFromReplica, writeConfig } from "./litestream.server";
import { describeReplica, parseReplicaUrl } from "./replica.server";
import { type BackupStatus, Replication } from "./replication.server";

export type { BackupStatus };

let replication: Replication | undefined;
let uploadCopier: UploadCopier | undefined;

/**
 * With BACKUP_REPLICA_URL set: restores the database (and uploads) when the database file is
 * missing and the replica has a copy. Runs before the database is opened.
 */
export async function restoreIfEmpty(env: {
  BACKUP_REPLICA_URL?: string;
  DATABASE_PATH: string;
  UPLOADS_DIR: string;
}) {
  if (!env.BACKUP_REPLICA_URL) return;
  if (existsSync(env.DATABASE_PATH)) return;
  const replica = parseReplicaUrl(env.BACKUP_REPLICA_URL);
  const started = Date.now();
  log.info(`No database at ${env.DATABASE_PATH}: restoring from ${describeReplica(replica)}`);
  const result = await restoreFromReplica({
    replica,
    databasePath: env.DATABASE_PATH,
    uploadsDir: env.UPLOADS_DIR,
  });
  if (!result.restored) log.info(`Nothing restored (${result.reason}): starting with a new database`);
  else
    log.info(
      `Restored the database and ${result.uploads} uploaded files from ${describeReplica(replica)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

/** Starts Litestream (supervised) and the uploads copier. Call after the database is open. */
export async function startBackup(env: {
  BACKUP_REPLICA_URL?: string;
  DATABASE_PATH: string;
  UPLOADS_DIR: string;
}) {
  if (!env.BACKUP_REPLICA_URL) return;
  const replica = parseReplicaUrl(env.BACKUP_REPLICA_URL);
  const addr = `127.0.0.1:${await getPort({ host: "127.0.0.1" })}`;
  replication = new Replication(
    env.DATABASE_PATH,
    replica,
    writeConfig(env.DATABASE_PATH, replica, addr),
    `http://${addr}/metrics`,
  );
  replication.start();
  defineTask(replication.task);
  const target: BackupTarget = openBackupTarget(replica);
  uploadCopier = startUploadCopier(path.resolve(env.UPLOADS_DIR), target);
  log.info(`Off-site backup on: the database and uploads are copied to ${describeReplica(replica)}`);
}

/** Lets Litestream copy the last writes, then stops it and the copier. Call before closing the database. */
export async function stopBackup() {
  await uploadCopier?.stop();
  await replication?.stop();
  uploadCopier = undefined;
  replication = undefined;
}

export function backupStatus(): BackupStatus {
  if (!replication) return { enabled: false };
  const status = replication.status();
  if (status.enabled && !status.lastError && uploadCopier?.lastError)
    status.lastError = uploadCopier.lastError;
  return status;
}

/**
 * For every admin page: the status only when it needs attention (a warning above the page), and only
 * for the owner, who can act on it (an editor cannot change the server's environment).
 */
export function staleBackup(role: string): { staleBackup: BackupStatus | null; backupCheckedAt: number } {
  const status = backupStatus();
  const show = role === "owner" && status.enabled && status.stale;
  return { staleBackup: show ? status : null, backupCheckedAt: Date.now() };
}
