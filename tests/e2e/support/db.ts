import Database from "better-sqlite3";

/** Reads (and, for setup, writes) the e2e server's own SQLite file, like an operator with sqlite3 would. */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(process.env.E2E_DATABASE_PATH!);
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
