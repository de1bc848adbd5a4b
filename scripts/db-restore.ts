// Restores the database and uploads from the off-site replica (BACKUP_REPLICA_URL, decision 031), or the
// database alone from a file `npm run db:backup` wrote.
//   npm run db:restore                                   -> the newest copy, into DATABASE_PATH
//   npm run db:restore -- --from data/backups/app-20261128-040353.db   -> that backup file
//   npm run db:restore -- --timestamp 2026-11-23T14:05:00Z   -> the database as it was then
//   npm run db:restore -- --force                        -> moves the existing database aside first
//   npm run db:restore -- --output /tmp/copy.db          -> somewhere else (to look before replacing)
// Stop the site first: a running server keeps writing to the file it has open.
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import Database from "better-sqlite3";

import { describeReplica, parseReplicaUrl, restoreFromReplica } from "~/features/backups/index.server";
import { getEnv } from "~/platform/env.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE =
  "Usage: npm run db:restore -- [--from BACKUP_FILE | --timestamp 2026-11-23T14:05:00Z] [--force] [--output FILE]";

let options;
try {
  options = parseArgs({
    options: {
      help: { type: "boolean", short: "h" },
      timestamp: { type: "string", short: "t" },
      force: { type: "boolean", default: false },
      output: { type: "string", short: "o" },
      from: { type: "string", short: "f" },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
// An empty value (a shell variable that was not set) is not the option left out: `--from ""` would
// otherwise restore from the off-site copy instead.
for (const [name, value] of Object.entries(options))
  if (value === "") fail(`--${name} was given an empty value.\n${USAGE}`);

const env = getEnv();
const backupsDir = path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "backups");
/** The newest file `npm run db:backup` wrote beside the database, for the sentence that says what to run. */
function newestBackup(): string | null {
  if (!existsSync(backupsDir)) return null;
  const files = readdirSync(backupsDir)
    .filter((name) => /^app-\d{8}-\d{6}\.db$/.test(name))
    .sort();
  return files.length ? path.relative(process.cwd(), path.join(backupsDir, files.at(-1)!)) : null;
}

/** A backup file is a database that passes SQLite's integrity check; anything else is refused as it is. */
function checkedBackup(file: string): string {
  const source = path.resolve(file);
  if (!existsSync(source)) fail(`There is no file at ${source}.`);
  try {
    const db = new Database(source, { readonly: true, fileMustExist: true });
    const check = db.pragma("integrity_check", { simple: true });
    // An empty file opens as an empty database and passes the check: a backup of this site has its tables.
    const tables = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('posts', 'users')")
      .get() as { n: number };
    db.close();
    if (check !== "ok") fail(`${source} failed its integrity check (${String(check)}): nothing was changed.`);
    if (tables.n !== 2)
      fail(
        `${source} is not a backup of the site's database (it has no posts or staff): nothing was changed.`,
      );
  } catch (error) {
    fail(
      `${source} is not a database backup (${error instanceof Error ? error.message : String(error)}): nothing was changed.`,
    );
  }
  return source;
}

if (options.from && options.timestamp)
  fail("--timestamp is for the off-site copy: a backup file is one moment already.");
const from = options.from ? checkedBackup(options.from) : null;
if (!from && !env.BACKUP_REPLICA_URL) {
  const newest = newestBackup();
  fail(
    newest
      ? `There is no off-site copy to restore from (BACKUP_REPLICA_URL is not set). To put back the newest backup made by npm run db:backup, stop the site, then run:\n  npm run db:restore -- --from ${newest} --force`
      : "There is no off-site copy to restore from (BACKUP_REPLICA_URL is not set), and no backup made by npm run db:backup in " +
          `${backupsDir}. To restore a backup file kept elsewhere, stop the site, then run:\n  npm run db:restore -- --from FILE --force`,
  );
}
let timestamp: Date | undefined;
if (options.timestamp) {
  timestamp = new Date(options.timestamp);
  if (Number.isNaN(timestamp.getTime()))
    fail(`--timestamp ${options.timestamp} is not a date and time (e.g. 2026-11-23T14:05:00Z)`);
}
const output = path.resolve(options.output ?? env.DATABASE_PATH);
if (from === output) fail(`${from} is the database itself: name a backup file to restore from.`);

if (existsSync(output)) {
  if (!options.force)
    fail(
      `A database already exists at ${output}. Stop the site, then run again with --force: the current file is moved aside (kept) before the restore.`,
    );
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const aside = `${output}.before-restore-${stamp}`;
  try {
    for (const suffix of ["", "-wal", "-shm"])
      if (existsSync(output + suffix)) renameSync(output + suffix, aside + suffix);
  } catch (error) {
    fail(`Could not move ${output} aside: ${error instanceof Error ? error.message : String(error)}`);
  }
  rmSync(path.join(path.dirname(output), `.${path.basename(output)}-litestream`), {
    recursive: true,
    force: true,
  });
  console.log(`Moved the existing database aside to ${aside}`);
}

/** The restored file's figures, once it is checked: refused if it is not intact. */
function restoredSummary(): string {
  const db = new Database(output, { readonly: true });
  const check = db.pragma("integrity_check", { simple: true });
  const count = (table: string) =>
    (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const summary = `${count("posts")} posts, ${count("enquiries")} enquiries`;
  db.close();
  if (check !== "ok") fail(`The restored database failed its integrity check: ${String(check)}`);
  return summary;
}

if (from) {
  // Copied beside the target, then renamed over it: a copy cut short never takes the database's place.
  const partial = `${output}.partial`;
  try {
    copyFileSync(from, partial);
    renameSync(partial, output);
  } catch (error) {
    if (existsSync(partial)) rmSync(partial);
    fail(`Could not write ${output}: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(
    `Restored ${output} (${restoredSummary()}) from ${from}. Uploaded files are not in a database backup: they stay as they are. Start the site again.`,
  );
  process.exit(0);
}

const replica = parseReplicaUrl(env.BACKUP_REPLICA_URL!);
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
  const summary = restoredSummary();
  console.log(
    `Restored ${output} (${summary}) ${timestamp ? `as of ${timestamp.toISOString()}` : "from the newest copy"} and ${result.uploads} uploaded files from ${describeReplica(replica)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
