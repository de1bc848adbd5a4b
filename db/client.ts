import { mkdirSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { getEnv } from "~/env.server";

import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Migrations ship beside the code; the server always runs from the project root. */
const MIGRATIONS_DIR = path.resolve("db/migrations");

/** Opens (creating if needed) and migrates the SQLite file at `file`. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

// One connection per process: the server build is one bundle, and in development Vite loads this
// module once for the app and the routes alike.
let connection: Db | undefined;

export function getDb(): Db {
  connection ??= openDatabase(getEnv().DATABASE_PATH);
  return connection;
}

export function closeDb() {
  connection?.$client.close();
  connection = undefined;
}

const versionStatements = new WeakMap<Db, () => string>();

/**
 * A value that changes whenever anything is written to the database: by this process
 * (total_changes()) or by another one (data_version, e.g. an operator's sqlite3). Cheap enough to
 * read on every request; used to know when something kept in memory is out of date.
 */
export function databaseVersion(db: Db = getDb()): string {
  let read = versionStatements.get(db);
  if (!read) {
    const ownChanges = db.$client.prepare("select total_changes() as n").pluck();
    read = () => `${String(db.$client.pragma("data_version", { simple: true }))}:${String(ownChanges.get())}`;
    versionStatements.set(db, read);
  }
  return read();
}
