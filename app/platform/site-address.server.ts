import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Env } from "~/platform/env.server";

/** Kept beside the database, as the session secret is: where the site last said it was running. */
const recordFile = (databasePath: string) =>
  path.join(path.dirname(path.resolve(databasePath)), "site-address");

/**
 * Where the site runs: SITE_URL when it is set, else the address on its port. The server records it
 * at every start, so an operator command run in another terminal (without the site's PORT) names the
 * address the site really answers on.
 */
export function listeningAddress(env: Env, port: number, given = process.env.SITE_URL): string {
  const address = given ? env.SITE_URL : `http://localhost:${port}`;
  try {
    writeFileSync(recordFile(env.DATABASE_PATH), `${address}\n`);
  } catch {
    // A read-only data folder only costs the operator commands the address: they fall back to SITE_URL.
  }
  return address;
}

/** The address an operator command prints: SITE_URL when set, else the one the site recorded at its last start. */
export function siteAddress(env: Env, given = process.env.SITE_URL): string {
  if (given) return env.SITE_URL;
  try {
    const recorded = readFileSync(recordFile(env.DATABASE_PATH), "utf8").trim();
    if (/^https?:\/\/\S+$/.test(recorded)) return recorded;
  } catch {
    // The site has not started on this database yet.
  }
  return env.SITE_URL;
}
