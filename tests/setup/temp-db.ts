// Every test file gets its own empty SQLite file and uploads folder, removed afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll } from "vitest";

import { closeDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

const dir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
process.env.NODE_ENV = "test";
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
closeDb();
resetEnvCache();

afterAll(() => {
  closeDb();
  rmSync(dir, { recursive: true, force: true });
});
