import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { openDatabase } from "~/platform/db.server";

/**
 * An empty database with every migration applied, made once for the run: each test file's own
 * database starts as a copy of it (temp-db.ts), a few milliseconds where running the migrations
 * again took a few hundred on a busy machine.
 */
export default function migratedDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-migrated-"));
  const file = path.join(dir, "app.db");
  // Closing checkpoints the write-ahead log: the one file holds everything.
  openDatabase(file).$client.close();
  process.env.TEST_MIGRATED_DATABASE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
