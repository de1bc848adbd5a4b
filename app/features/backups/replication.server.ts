// Litestream run as the site's replicator, supervised (restarted when it stops), and how far its
// copy has got, read from its metrics and its working files.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

import { log } from "~/platform/log.server";
import { later, removeTask, type Task } from "~/platform/tasks.server";

import { litestreamBinary, litestreamMessage } from "./litestream.server";
import { describeReplica, type Replica } from "./replica.server";

/** A change older than this that is still not copied makes the admin and /healthz warn. */
export const STALE_AFTER_MS = 5 * 60_000;

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

export class Replication {
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
