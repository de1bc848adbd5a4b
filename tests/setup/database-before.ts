import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

/**
 * The database at `file` as the site had it before migration `first` (0000 to first - 1 applied), open
 * with foreign keys on: for the tests of what a migration does to the rows it finds.
 */
export function databaseBefore(first: number, file: string): Database.Database {
  const migrations = mkdtempSync(path.join(tmpdir(), "agency-migrations-"));
  try {
    cpSync("db/migrations", migrations, { recursive: true });
    const journalFile = path.join(migrations, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < first);
    writeFileSync(journalFile, JSON.stringify(journal));
    const db = new Database(file);
    db.pragma("foreign_keys = ON");
    migrate(drizzle(db), { migrationsFolder: migrations });
    return db;
  } finally {
    rmSync(migrations, { recursive: true, force: true });
  }
}
