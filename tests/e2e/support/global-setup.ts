import { rmSync } from "node:fs";

import { makeTemplate, startServer } from "../../../scripts/lib/start-server";

/**
 * The data folder every test server starts from (a copy of it: see makeTemplate), then two production
 * servers for the whole run, each with its own database: one for the tests that only read the seeded
 * site, one for the tests that add posts and items every page would show (the "mutating" project).
 * Their addresses and files reach the tests through env (see ./server.ts).
 */
export default async function globalSetup() {
  // `npm test` makes one for the HTTP tests and these alike (scripts/test.sh); alone, the run makes its own.
  const made = process.env.E2E_TEMPLATE_DIR ? null : await makeTemplate();
  const template = made ?? process.env.E2E_TEMPLATE_DIR!;
  process.env.E2E_TEMPLATE_DIR = template;
  const [readers, writers] = await Promise.all([startServer(), startServer()]);
  process.env.E2E_BASE_URL = readers.baseURL;
  process.env.E2E_DATABASE_PATH = readers.databasePath;
  process.env.E2E_UPLOADS_DIR = readers.uploadsDir;
  process.env.E2E_WRITERS_BASE_URL = writers.baseURL;
  process.env.E2E_WRITERS_DATABASE_PATH = writers.databasePath;
  process.env.E2E_WRITERS_UPLOADS_DIR = writers.uploadsDir;
  return async () => {
    await Promise.all([readers.stop(), writers.stop()]);
    if (made) rmSync(made, { recursive: true, force: true });
  };
}
