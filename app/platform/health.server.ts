import { sql } from "drizzle-orm";

import { getDb } from "~/platform/db.server";

/** Runs a real query against a real table, so a broken or missing database fails the check. */
export function checkDatabase(): boolean {
  const row = getDb().get<{ n: number }>(sql`select count(*) as n from posts`);
  return typeof row?.n === "number";
}
