// Continuous off-site backup (docs/decisions/031): Litestream copies every committed change of the
// SQLite file to BACKUP_REPLICA_URL within seconds; a small copier here sends each new upload beside
// it. At start an empty volume is restored from the replica before the database is opened.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import getPort from "get-port";

import { log } from "~/platform/log.server";
import { defineTask, later, removeTask, type Task } from "~/platform/tasks.server";

import { type BackupTarget, openBackupTarget } from "./backup-target.server";
import { startUploadCopier, type UploadCopier } from "./backup-uploads.server";
import { describeReplica, parseReplicaUrl, type Replica } from "./replica.server";

/** A change older than this that is still not copied makes the admin and /healthz warn. */
export const STALE_AFTER_MS = 5 * 60_000;
/** Litestream copies new WAL frames to the replica this often. */
const SYNC_INTERVAL = "1s";

/** The litestream binary that the npm package ships (linux x64). */
export function litestreamBinary(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve("@flydotio/litestream-linux-x64/package.json")),
    "litestream",
  );
}

const join = (...parts: string[]) => parts.filter(Boolean).join("/");

/**
 * Litestream's configuration for one database. No secrets: Litestream reads AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY from the environment. A snapshot an hour keeps a restore short (the newest
 * snapshot plus at most an hour of WAL); a week of history is the window for point-in-time restores.
 */
export function litestreamConfig(databasePath: string, replica: Replica, metricsAddr?: string): string {
  const db = path.resolve(databasePath);
  const target =
    replica.kind === "file"
      ? [`        type: file`, `        path: ${JSON.stringify(path.join(replica.dir, "db"))}`]
      : [
          `        type: s3`,
          `        bucket: ${JSON.stringify(replica.bucket)}`,
          `        path: ${JSON.stringify(join(replica.prefix, "db"))}`,
          `        region: ${JSON.stringify(replica.region)}`,
          ...(replica.endpoint
            ? [`        endpoint: ${JSON.stringify(replica.endpoint)}`, `        force-path-style: true`]
            : []),
        ];
  return [
    ...(metricsAddr ? [`addr: ${JSON.stringify(metricsAddr)}`] : []),
    `dbs:`,
    `  - path: ${JSON.stringify(db)}`,
    `    replicas:`,
    `      - name: offsite`,
    ...target,
    `        sync-interval: ${SYNC_INTERVAL}`,
    `        snapshot-interval: 1h`,
    `        retention: 168h`,
    ``,
  ].join("\n");
}

/** Writes the configuration to a private temporary folder; returns its path and a clean-up. */
function writeConfig(databasePath: string, replica: Replica, metricsAddr?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "litestream-"));
  const file = path.join(dir, "litestream.yml");
  writeFileSync(file, litestreamConfig(databasePath, replica, metricsAddr), { mode: 0o600 });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function run(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(litestreamBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Litestream's own words from its log lines (`time=… level=ERROR msg="…" error="…"`). */
function litestreamMessage(output: string): string {
  const lines = output.trim().split("\n");
  const last = lines.findLast((line) => /level=(ERROR|WARN)/.test(line)) ?? lines.at(-1) ?? "";
  const msg = /msg="?([^"]*)"?/.exec(last)?.[1];
  const error = /error="([^"]*)"/.exec(last)?.[1];
  return [msg, error].filter(Boolean).join(": ") || last;
}

export type RestoreResult = { restored: false; reason: string } | { restored: true; uploads: number };

/**
 * Restores the database from the replica to `output` (as of `timestamp`, or the newest copy), then
 * the uploads the replica has and `uploadsDir` lacks. Nothing is overwritten: `output` must not exist.
 */
export async function restoreFromReplica(options: {
  replica: Replica;
  databasePath: string;
  uploadsDir: string;
  output?: string;
  timestamp?: Date;
}): Promise<RestoreResult> {
  const output = path.resolve(options.output ?? options.databasePath);
  if (existsSync(output)) return { restored: false, reason: `${output} already exists` };
  const config = writeConfig(options.databasePath, options.replica);
  try {
    const args = ["restore", "-config", config.file, "-if-replica-exists", "-o", output];
    if (options.timestamp) args.push("-timestamp", options.timestamp.toISOString());
    const { code, output: said } = await run([...args, path.resolve(options.databasePath)]);
    if (code !== 0) throw new Error(`Litestream could not restore the database: ${litestreamMessage(said)}`);
    if (!existsSync(output))
      return { restored: false, reason: "the replica holds no copy of the database yet" };
  } finally {
    config.remove();
  }
  // Litestream's working folder beside the database belongs to the file it was made for.
  rmSync(path.join(path.dirname(output), `.${path.basename(output)}-litestream`), {
    recursive: true,
    force: true,
  });
  const uploads = await openBackupTarget(options.replica).restoreUploads(path.resolve(options.uploadsDir));
  return { restored: true, uploads };
}

// ---- Replication status, read from Litestream's metrics and its working files

type Position = { index: number; offset: number };
type Sample = { shadow: Position; copiedAt: number };

const before = (a: Position, b: Position) =>
  a.index < b.index || (a.index === b.index && a.offset <= b.offset);

function parseMetrics(text: string) {
  const value = (name: string) => {
    const match = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text);
    return match ? Number(match[1]) : undefined;
  };
  const shadowIndex = value("litestream_shadow_wal_index");
  const replicaIndex = value("litestream_replica_wal_index");
  const replicaOffset = value("litestream_replica_wal_offset");
  if ([shadowIndex, replicaIndex, replicaOffset].some((v) => v === undefined)) return undefined;
  return {
    shadowIndex: shadowIndex!,
    shadow: { index: shadowIndex!, offset: 0 },
    replica: { index: replicaIndex!, offset: replicaOffset! },
  };
}

const mtimeMs = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

export type BackupStatus =
  | { enabled: false }
  | {
      enabled: true;
      replica: string;
      /** Litestream is running (it is restarted when it stops). */
      running: boolean;
      /** Every change committed before this moment is in the replica (null: not known yet). */
      replicatedAt: string | null;
      /** Seconds between the oldest change not yet copied and now (0 when all is copied). */
      lagSeconds: number | null;
      /** Nothing needed copying since Litestream started (so there is no position to report yet). */
      idle: boolean;
      /** Something is wrong: Litestream not running, or a change waiting for more than 5 minutes. */
      stale: boolean;
      lastError: string | null;
    };

class Replication {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;
  private startedAt = 0;
  private history: Sample[] = [];
  private generation = "";
  private replicatedAt: number | undefined;
  private behindSince: number | undefined;
  lastError: string | null = null;

  constructor(
    private readonly databasePath: string,
    private readonly replica: Replica,
    private readonly config: { file: string; remove: () => void },
    private readonly metricsUrl: string,
  ) {}

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  start() {
    this.startedAt = Date.now();
    this.history = [];
    // Litestream's subprocess (`-exec`) is a shell that waits while this process lives: when this
    // process ends, however it ends (even kill -9), it ends within a second, and Litestream syncs
    // and stops with it — never a second replicator beside the next server's.
    const watch = `sh -c "while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done"`;
    const child = spawn(litestreamBinary(), ["replicate", "-config", this.config.file, "-exec", watch], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let pending = "";
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) this.onLogLine(line);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", (error) => {
      this.lastError = error.message;
      log.error({ err: error }, "Off-site backup: litestream could not be started");
    });
    child.once("exit", (code, signal) => {
      if (this.stopping) return;
      // A crash loop backs off (1 s, 2 s … 30 s); a run of a minute or more resets it.
      if (Date.now() - this.startedAt > 60_000) this.restarts = 0;
      const delay = Math.min(30_000, 1000 * 2 ** this.restarts++);
      this.lastError = `litestream stopped (${signal ?? `exit ${code}`})`;
      log.error(
        `Off-site backup: litestream stopped (${signal ?? `exit ${code}`}); restarting in ${delay / 1000} s`,
      );
      void later(
        "backup-restart",
        "Restarts the off-site copier after it stops",
        "litestream",
        { wait: delay },
        () => {
          if (!this.stopping) this.start();
        },
      );
    });
  }

  /** Litestream's progress, read every half second while it runs (the admin's warning and /healthz). */
  readonly task: Task = {
    name: "backup",
    label: "Checks how far the off-site copy has got",
    every: 500,
    run: () => this.poll(),
  };

  private onLogLine(line: string) {
    if (!line.trim()) return;
    const level = /level=(\w+)/.exec(line)?.[1] ?? "INFO";
    // `time=… level=INFO msg="sync: new generation" db=/data/app.db …` → `sync: new generation (db=/data/app.db …)`
    const rest = line.replace(/^time=\S+ level=\w+ /, "");
    const msg = /^msg=(?:"([^"]*)"|(\S+))\s*/.exec(rest);
    const message = msg
      ? `${msg[1] ?? msg[2]}${rest.length > msg[0].length ? ` (${rest.slice(msg[0].length)})` : ""}`
      : rest;
    if (level === "ERROR") {
      this.lastError = litestreamMessage(line);
      log.error(`litestream: ${message}`);
    } else if (level === "WARN") log.warn(`litestream: ${message}`);
    // Every copied segment is logged by Litestream: kept out of the site's log at the usual level.
    else if (/msg="(write wal segment|wal segment written)"/.test(line)) {
      this.lastError = null;
      log.debug(`litestream: ${message}`);
    } else log.info(`litestream: ${message}`);
  }

  /**
   * Every 500 ms: where the local shadow WAL is (what Litestream has read from the database) and
   * where the replica is. A shadow position the replica has reached was copied: everything committed
   * before the shadow file was written at that position is off-site.
   */
  private async poll() {
    if (!this.running) return;
    const dir = path.join(
      path.dirname(path.resolve(this.databasePath)),
      `.${path.basename(this.databasePath)}-litestream`,
    );
    let generation: string;
    try {
      generation = readFileSync(path.join(dir, "generation"), "utf8").trim();
    } catch {
      return;
    }
    if (generation !== this.generation) {
      this.generation = generation;
      this.history = [];
    }
    let metrics: ReturnType<typeof parseMetrics>;
    try {
      const response = await fetch(this.metricsUrl, { signal: AbortSignal.timeout(2000) });
      metrics = parseMetrics(await response.text());
    } catch {
      return;
    }
    if (!metrics) return;
    // The shadow WAL's current file: its length is how far Litestream has read (the metric
    // litestream_shadow_wal_size adds up every file of the generation, so it is not a position).
    const shadowFile = path.join(
      dir,
      "generations",
      generation,
      "wal",
      `${metrics.shadowIndex.toString(16).padStart(8, "0")}.wal`,
    );
    let shadowSize: number;
    let shadowWritten: number;
    try {
      const info = statSync(shadowFile);
      shadowSize = info.size;
      shadowWritten = info.mtimeMs;
    } catch {
      return;
    }
    metrics.shadow = { index: metrics.shadowIndex, offset: shadowSize };
    const walWritten = mtimeMs(`${path.resolve(this.databasePath)}-wal`) ?? 0;
    const last = this.history.at(-1);
    if (!last || last.shadow.index !== metrics.shadow.index || last.shadow.offset !== metrics.shadow.offset)
      this.history.push({ shadow: metrics.shadow, copiedAt: shadowWritten });
    // While the replica is unreachable the list grows: the oldest entry (how long it has been behind)
    // and the newest matter; those between are thinned out.
    if (this.history.length > 2000) this.history.splice(1, 1);
    // The newest shadow position the replica holds; older samples are no longer needed.
    let reached: Sample | undefined;
    while (this.history.length && before(this.history[0]!.shadow, metrics.replica))
      reached = this.history.shift();
    if (reached) this.history.unshift(reached);
    if (reached && before(metrics.shadow, metrics.replica)) {
      // All that Litestream has read is copied; and when the WAL has not changed since, all there is.
      this.replicatedAt = Math.max(
        this.replicatedAt ?? 0,
        walWritten <= shadowWritten ? Date.now() : shadowWritten,
      );
    } else if (reached) this.replicatedAt = Math.max(this.replicatedAt ?? 0, reached.copiedAt);
    this.behindSince = this.history.find((sample) => !before(sample.shadow, metrics.replica))?.copiedAt;
  }

  status(): BackupStatus {
    const now = Date.now();
    const idle = this.replicatedAt === undefined && this.running;
    const lag =
      this.replicatedAt === undefined
        ? null
        : this.behindSince === undefined
          ? 0
          : (now - this.behindSince) / 1000;
    const walChangedSinceStart = (mtimeMs(`${path.resolve(this.databasePath)}-wal`) ?? 0) > this.startedAt;
    const stale =
      !this.running ||
      (lag !== null && lag * 1000 > STALE_AFTER_MS) ||
      (this.replicatedAt === undefined && walChangedSinceStart && now - this.startedAt > STALE_AFTER_MS);
    return {
      enabled: true,
      replica: describeReplica(this.replica),
      running: this.running,
      replicatedAt: this.replicatedAt === undefined ? null : new Date(this.replicatedAt).toISOString(),
      lagSeconds: lag === null ? null : Math.round(lag * 10) / 10,
      idle,
      stale,
      lastError: this.lastError,
    };
  }

  /** Waits (up to `ms`) until the replica holds everything the database has, then stops Litestream. */
  async stop(ms = 5000) {
    const deadline = Date.now() + ms;
    while (this.running && Date.now() < deadline) {
      await this.poll();
      const status = this.status();
      if (status.enabled && (status.lagSeconds === 0 || status.idle)) {
        const walWritten = mtimeMs(`${path.resolve(this.databasePath)}-wal`) ?? 0;
        if (status.replicatedAt && Date.parse(status.replicatedAt) > walWritten) break;
        if (status.idle && walWritten < this.startedAt) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.stopping = true;
    await removeTask(this.task.name);
    const child = this.child;
    if (child && this.running) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Litestream passes the signal to its subprocess, syncs once more and shuts down.
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    this.config.remove();
  }
}

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
