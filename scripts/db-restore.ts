// Restores the database and uploads from the off-site replica (BACKUP_REPLICA_URL, decision 031).
//   npm run db:restore                                   -> the newest copy, into DATABASE_PATH
//   npm run db:restore -- --timestamp 2026-11-23T14:05:00Z   -> the database as it was then
//   npm run db:restore -- --force                        -> moves the existing database aside first
//   npm run db:restore -- --output /tmp/copy.db          -> somewhere else (to look before replacing)
// Stop the site first: a running server keeps writing to the file it has open.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import Database from "better-sqlite3";

import { describeReplica, parseReplicaUrl, restoreFromReplica } from "~/features/backups/index.server";
import { getEnv } from "~/platform/env.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({
    options: {
      timestamp: { type: "string", short: "t" },
      force: { type: "boolean", default: false },
      output: { type: "string", short: "o" },
    },
  }).values;
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run db:restore -- [--timestamp 2026-11-23T14:05:00Z] [--force] [--output FILE]`,
  );
}

const env = getEnv();
if (!env.BACKUP_REPLICA_URL) fail("BACKUP_REPLICA_URL is not set: there is no replica to restore from.");
const replica = parseReplicaUrl(env.BACKUP_REPLICA_URL);
let timestamp: Date | undefined;
if (options.timestamp) {
  timestamp = new Date(options.timestamp);
  if (Number.isNaN(timestamp.getTime()))
    fail(`--timestamp ${options.timestamp} is not a date and time (e.g. 2026-11-23T14:05:00Z)`);
}
const output = path.resolve(options.output ?? env.DATABASE_PATH);

if (existsSync(output)) {
  if (!options.force)
    fail(
      `A database already exists at ${output}. Stop the site, then run again with --force: the current file is moved aside (kept) before the restore.`,
    );
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const aside = `${output}.before-restore-${stamp}`;
  for (const suffix of ["", "-wal", "-shm"])
    if (existsSync(output + suffix)) renameSync(output + suffix, aside + suffix);
  rmSync(path.join(path.dirname(output), `.${path.basename(output)}-litestream`), {
    recursive: true,
    force: true,
  });
  console.log(`Moved the existing database aside to ${aside}`);
}

const started = Date.now();
try {
  const result = await restoreFromReplica({
    replica,
    databasePath: env.DATABASE_PATH,
    uploadsDir: env.UPLOADS_DIR,
    output,
    timestamp,
  });
  if (!result.restored) fail(`Nothing restored from ${describeReplica(replica)}: ${result.reason}.`);
  const db = new Database(output, { readonly: true });
  const check = db.pragma("integrity_check", { simple: true });
  const count = (table: string) =>
    (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const summary = `${count("posts")} posts, ${count("enquiries")} enquiries`;
  db.close();
  if (check !== "ok") fail(`The restored database failed its integrity check: ${String(check)}`);
  console.log(
    `Restored ${output} (${summary}) ${timestamp ? `as of ${timestamp.toISOString()}` : "from the newest copy"} and ${result.uploads} uploaded files from ${describeReplica(replica)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
