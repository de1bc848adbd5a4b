// Migration 0018 on a database written before it: usernames that differ only in capitals, and an
// authenticator setup left half-done.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";

import { auditLog, users } from "#db/schema";
import { openDatabase } from "~/platform/db.server";

function databaseBefore0018(dir: string) {
  const before = path.join(dir, "migrations");
  cpSync("db/migrations", before, { recursive: true });
  rmSync(path.join(before, "0018_second_factor_changes.sql"));
  const journal = JSON.parse(readFileSync(path.join(before, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 18);
  writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
  const file = path.join(dir, "site.db");
  const old = new Database(file);
  migrate(drizzle(old), { migrationsFolder: before });
  return { file, old };
}

describe("migration 0018", () => {
  it("keeps the oldest of usernames that differ only in capitals, renames the rest and logs it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "staff-migration-"));
    const { file, old } = databaseBefore0018(dir);
    const add = old.prepare(
      "insert into users (id, username, password, created_at, totp_secret, totp_confirmed_at) values (?, ?, 'x', ?, ?, ?)",
    );
    add.run("aaaa1111", "Niamh", 1000, null, null);
    add.run("bbbb2222", "niamh", 2000, "PENDINGSECRET", null);
    add.run("cccc3333", "NIAMH", 3000, "CONFIRMEDSECRET", 5000);
    add.run("dddd4444", "ronan", 4000, null, null);
    old.close();

    const db = openDatabase(file);
    const rows = db
      .select({
        username: users.username,
        totpSecret: users.totpSecret,
        totpPendingSecret: users.totpPendingSecret,
      })
      .from(users)
      .orderBy(asc(users.createdAt))
      .all();
    expect(rows).toEqual([
      { username: "Niamh", totpSecret: null, totpPendingSecret: null },
      { username: "niamh-bbbb", totpSecret: null, totpPendingSecret: "PENDINGSECRET" },
      { username: "NIAMH-cccc", totpSecret: "CONFIRMEDSECRET", totpPendingSecret: null },
      { username: "ronan", totpSecret: null, totpPendingSecret: null },
    ]);
    const renamed = db.select().from(auditLog).where(eq(auditLog.action, "staff.renamed")).all();
    expect(renamed.map((entry) => entry.subject.split(" (")[0])).toEqual([
      "niamh → niamh-bbbb",
      "NIAMH → NIAMH-cccc",
    ]);
    expect(() =>
      db.$client
        .prepare("insert into users (id, username, password, created_at) values ('e', 'RONAN', 'x', 1)")
        .run(),
    ).toThrow(/UNIQUE/);
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
