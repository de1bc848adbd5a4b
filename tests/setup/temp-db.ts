// Every test file gets its own empty SQLite file (a copy of the migrated one migrated-db.ts made for
// the run) and uploads folder, removed afterwards.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll } from "vitest";

import { closeDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { stopTasks } from "~/platform/tasks.server";

const dir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
process.env.NODE_ENV = "test";
process.env.DATABASE_PATH = path.join(dir, "app.db");
if (process.env.TEST_MIGRATED_DATABASE)
  copyFileSync(process.env.TEST_MIGRATED_DATABASE, process.env.DATABASE_PATH);
process.env.UPLOADS_DIR = path.join(dir, "uploads");
closeDb();
resetEnvCache();

afterAll(async () => {
  // Background work a test set going (covers, cards) ends before its folder goes.
  await stopTasks();
  closeDb();
  rmSync(dir, { recursive: true, force: true });
});
