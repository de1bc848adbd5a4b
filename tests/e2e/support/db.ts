import Database from "better-sqlite3";

import { sharedServer } from "./server";

/**
 * Reads (and, for setup, writes) a server's SQLite file, like an operator with sqlite3 would: by
 * default the shared server's of the test's project, or `file` for a server a spec started itself.
 */
export function withDb<T>(fn: (db: Database.Database) => T, file = sharedServer().databasePath): T {
  const db = new Database(file, { fileMustExist: true });
  // As long as the server may hold its write lock on a loaded machine (a save recounts the checks of
  // posts sharing its title in its transaction): the spec waits, as an operator would.
  db.pragma("busy_timeout = 15000");
  try {
    // Immediate: a statement that reads and then writes on its own (a delete) is refused at once, without
    // the wait, when the server wrote in between; taking the write lock first waits for it instead.
    return db.transaction(() => fn(db)).immediate();
  } finally {
    db.close();
  }
}

/** How many rows each of `tables` holds in the SQLite file at `file`. */
export function countRows<T extends string>(file: string, tables: readonly T[]): Record<T, number> {
  return withDb(
    (db) =>
      Object.fromEntries(
        tables.map((t) => [t, (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]),
      ) as Record<T, number>,
    file,
  );
}
