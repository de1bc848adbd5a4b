import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { getEnv } from "~/platform/env.server";

import * as schema from "../../db/schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The handle a transaction's callback is given: what a write inside one runs on. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Migrations ship in the app's folder: found from this module (the source, the server's build or a
 * command's bundle, each some folders below it), so a command run from another folder finds them too.
 */
export function migrationsFolder(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "db", "migrations");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve("db/migrations");
  }
}

/** Opens (creating if needed) and migrates the SQLite file at `file`. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  beginAsWriter(db);
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db;
}

/**
 * Every transaction on the connection begins as a writer (BEGIN IMMEDIATE) unless it asks otherwise.
 * One begun deferred takes its snapshot at its first read; if another connection (the backup, a second
 * process) writes before its first write, that write fails at once with SQLITE_BUSY_SNAPSHOT, as the
 * busy timeout never applies to a read turning into a write. Begun as a writer, it waits its turn
 * (the busy timeout) and no write can come between its reads and its writes. Readers are never held up.
 */
function beginAsWriter(db: Db) {
  const begin = db.transaction.bind(db);
  db.transaction = ((work, config) => begin(work, { behavior: "immediate", ...config })) as Db["transaction"];
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

/**
 * The kinds of content pages are made of. What is kept in memory (rendered pages, the feed, the tag
 * list) is keyed on the kinds it shows, so a write to anything else (a sign-up, an enquiry, a
 * session) keeps it. "site" is everything else the agency edits (facts,
 * packages, people, quotes, client logos), which the layout shows on every page.
 */
export const CONTENT_KINDS = ["posts", "case-studies", "site"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

type Versions = { external: () => unknown; own: Record<ContentKind, number> };
const versions = new WeakMap<Db, Versions>();

function versionsOf(db: Db): Versions {
  let kept = versions.get(db);
  if (!kept) {
    const dataVersion = db.$client.prepare("pragma data_version").pluck();
    kept = {
      external: () => dataVersion.get(),
      own: Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, 0])) as Record<ContentKind, number>,
    };
    versions.set(db, kept);
  }
  return kept;
}

/**
 * A value that changes whenever content of `kind` changes: written by this process (the service
 * that writes it calls `contentChanged`) or by another connection (`data_version`, e.g. an
 * operator's sqlite3; which kind it wrote cannot be known, so it counts for every kind). Cheap
 * enough to read on every request.
 */
export function contentVersion(kind: ContentKind, db: Db = getDb()): string {
  const kept = versionsOf(db);
  return `${String(kept.external())}:${kept.own[kind]}`;
}

/** Called by the service that wrote content of `kind`, after its transaction. */
export function contentChanged(kind: ContentKind, db: Db = getDb()) {
  versionsOf(db).own[kind] += 1;
}

const pathVersions = new WeakMap<Db, Map<string, number>>();

/**
 * A value that changes whenever the copy of the page at `path` changes (its words were published):
 * the page cache keys on it beside the content versions, so publishing one page empties that page
 * (and the few that show its words) rather than every page.
 */
export function pathVersion(path: string, db: Db = getDb()): number {
  return pathVersions.get(db)?.get(path) ?? 0;
}

/** Called by the service that published a page's copy, after its transaction, with the paths showing it. */
export function pathsChanged(paths: readonly string[], db: Db = getDb()) {
  let kept = pathVersions.get(db);
  if (!kept) pathVersions.set(db, (kept = new Map()));
  for (const path of paths) kept.set(path, (kept.get(path) ?? 0) + 1);
}
