// Every test file gets its own empty SQLite file (a copy of the migrated one migrated-db.ts made for
// the run) and uploads folder, removed afterwards.
//
// Test files share their workers (vitest.config.ts), so each also starts from fresh copies of the app's
// modules (their caches, queues and connections are the file's own) and leaves the process as it found
// it: the environment, stubbed globals and timers are put back after it.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, vi } from "vitest";

vi.resetModules();
const { closeDb } = await import("~/platform/db.server");
const { resetEnvCache } = await import("~/platform/env.server");
const { stopTasks } = await import("~/platform/tasks.server");

const environment = { ...process.env };
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
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
