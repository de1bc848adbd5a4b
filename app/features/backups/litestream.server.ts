// Litestream, the program that copies every committed change of the SQLite file off-site
// (docs/decisions/031): its binary, its configuration, and a restore from the replica.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

import { openBackupTarget } from "./backup-target.server";
import { type Replica } from "./replica.server";

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
export function writeConfig(databasePath: string, replica: Replica, metricsAddr?: string) {
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
export function litestreamMessage(output: string): string {
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
