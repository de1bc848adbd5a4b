import { closeDb } from "~/platform/db.server";

import { type RunningServer, startServer } from "../../scripts/lib/start-server";

/**
 * The built server on this test file's own database and uploads folder (temp-db.ts), with `env` on
 * top: the file's connection is closed first, so what the test wrote before is the server's to read.
 */
export function serveTestDatabase(env: Record<string, string> = {}): Promise<RunningServer> {
  closeDb();
  return startServer({
    DATABASE_PATH: process.env.DATABASE_PATH!,
    UPLOADS_DIR: process.env.UPLOADS_DIR!,
    ...env,
  });
}
