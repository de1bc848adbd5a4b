import { cpSync, existsSync } from "node:fs";
import path from "node:path";

import { ensureAdmin } from "~/features/staff/index.server";
import { closeDb } from "~/platform/db.server";

import { E2E_ADMIN, type RunningServer, startServer } from "../../scripts/lib/start-server";

/**
 * The built server on this test file's own database and uploads folder (temp-db.ts), with `env` on
 * top: the file's connection is closed first, so what the test wrote before is the server's to read.
 *
 * The uploads folder gets the run's template's social cards first (server-template.ts), unless the
 * test has cards of its own: a card is named by its owner and a hash of what it shows, and seeded
 * items have the same ids on every site, so the server draws only the cards of what the test changed
 * instead of all 22 (some 3 core-seconds a start).
 *
 * A database without staff gets the admin the server would make from the environment, made here at
 * the tests' hashing cost (password.server.ts): the same account, without a full-cost hash at the
 * start and at every sign-in.
 */
export async function serveTestDatabase(env: Record<string, string> = {}): Promise<RunningServer> {
  const adminFromEnv = ["ADMIN_USERNAME", "ADMIN_PASSWORD", "ADMIN_NAME", "ADMIN_EMAIL"].some(
    (name) => name in env,
  );
  if (!adminFromEnv) await ensureAdmin(E2E_ADMIN.username, E2E_ADMIN.password);
  closeDb();
  const cards = path.join(process.env.UPLOADS_DIR!, "cards");
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template && !existsSync(cards))
    cpSync(path.join(template, "uploads", "cards"), cards, { recursive: true });
  return startServer({
    DATABASE_PATH: process.env.DATABASE_PATH!,
    UPLOADS_DIR: process.env.UPLOADS_DIR!,
    ...env,
  });
}
