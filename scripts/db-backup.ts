// A consistent copy of the live database (SQLite's online backup, safe while the site runs),
// checked with an integrity check before it is reported as done.
//   npm run db:backup                 -> <folder of DATABASE_PATH>/backups/app-YYYYMMDD-HHMMSS.db
//   npm run db:backup -- /path/to/file.db
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import Database from "better-sqlite3";

import { closeDb, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";

const USAGE = `npm run db:backup -- [FILE]

Writes a consistent copy of the site's database (safe while the site runs) to FILE (or into it, a folder), or to
backups/app-YYYYMMDD-HHMMSS.db beside the database at DATABASE_PATH (default ./data/app.db).`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({ options: { help: { type: "boolean", short: "h" } }, allowPositionals: true });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
}
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.positionals.length > 1)
  fail(`Give one file to write the copy to, not ${args.positionals.length}.\n\n${USAGE}`);

if (args.positionals[0] === "") fail(`Give the file to write the copy to, or nothing.\n\n${USAGE}`);
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
let target = path.resolve(
  args.positionals[0] ?? path.join(path.dirname(getEnv().DATABASE_PATH), "backups", `app-${stamp}.db`),
);
// A folder given is where the copy goes; anything else already there that is not a file is refused.
const there = existsSync(target) ? statSync(target) : undefined;
if (there?.isDirectory()) target = path.join(target, `app-${stamp}.db`);
else if (there && !there.isFile())
  fail(`${target} is not a file: give a file or a folder to write the copy to.`);
const partial = `${target}.partial`;

try {
  mkdirSync(path.dirname(target), { recursive: true });
  await getDb().$client.backup(partial);
  const copy = new Database(partial);
  // A single self-contained file: no -wal / -shm companions to forget when copying it away.
  copy.pragma("journal_mode = DELETE");
  const check = copy.pragma("integrity_check", { simple: true });
  copy.close();
  if (check !== "ok") throw new Error(`The backup failed its integrity check: ${String(check)}`);
  renameSync(partial, target);
  console.log(
    `Backup written to ${target}\nTo put it back later: stop the site, then npm run db:restore -- --from ${path.relative(process.cwd(), target) || target} --force`,
  );
} catch (error) {
  if (existsSync(partial)) rmSync(partial);
  console.error(`No backup was written: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  closeDb();
}
