import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

// The operator commands run as their own processes against their own database file.
const dir = mkdtempSync(path.join(tmpdir(), "agency-ops-"));
const DATABASE_PATH = path.join(dir, "app.db");

function run(script: string, args: string[], input = "", extraEnv: Record<string, string> = {}) {
  const result = spawnSync("node_modules/.bin/tsx", [script, ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "development", DATABASE_PATH, ADMIN_PASSWORD: "", ...extraEnv },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

const users = () => {
  const db = new Database(DATABASE_PATH, { readonly: true });
  const rows = db.prepare("select username, password from users").all() as {
    username: string;
    password: string;
  }[];
  db.close();
  return rows;
};

describe("npm run admin:create", () => {
  it("creates the admin from a password on standard input, hashed", () => {
    const { status, out } = run(
      "scripts/admin-create.ts",
      ["--username", "owner"],
      "correct-horse-battery\n",
    );
    expect(out).toContain('Admin "owner" created');
    expect(status).toBe(0);
    expect(users()).toEqual([{ username: "owner", password: expect.stringMatching(/^scrypt\$/) }]);
    expect(users()[0]?.password).not.toContain("correct-horse-battery");
  });

  it("refuses a short password and an existing username, and resets with --reset", () => {
    expect(run("scripts/admin-create.ts", ["-u", "other"], "short\n")).toMatchObject({ status: 1 });
    expect(run("scripts/admin-create.ts", ["-u", "other"], "short\n").out).toContain(
      "at least 12 characters",
    );
    const taken = run("scripts/admin-create.ts", ["-u", "owner"], "another-long-password\n");
    expect(taken.status).toBe(1);
    expect(taken.out).toContain("use --reset");
    const before = users()[0]?.password;
    const reset = run("scripts/admin-create.ts", ["-u", "owner", "--reset"], "", {
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "a-new-long-password",
    });
    expect(reset).toMatchObject({ status: 0 });
    expect(users()[0]?.password).not.toBe(before);
    expect(
      run("scripts/admin-create.ts", ["-u", "ghost", "--reset"], "whatever-long-password\n").out,
    ).toContain('No user named "ghost"');
  });

  it("lets the operator turn off a lost authenticator app with --reset --without-second-step", () => {
    const db = new Database(DATABASE_PATH);
    db.prepare(
      "update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_confirmed_at = 1, require_second_factor = 1 where username = 'owner'",
    ).run();
    db.close();
    const reset = run("scripts/admin-create.ts", ["-u", "owner", "--reset", "--without-second-step"], "", {
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "a-third-long-password",
    });
    expect(reset.out).toContain("The authenticator app is off");
    expect(reset.status).toBe(0);
    const check = new Database(DATABASE_PATH, { readonly: true });
    expect(
      check.prepare("select totp_secret, require_second_factor from users where username = 'owner'").get(),
    ).toEqual({ totp_secret: null, require_second_factor: 0 });
    check.close();
  });
});

describe("npm run db:backup", () => {
  it("writes one self-contained, intact copy of the live database", () => {
    const target = path.join(dir, "backups", "copy.db");
    const { status, out } = run("scripts/db-backup.ts", [target]);
    expect(out).toContain(`Backup written to ${target}`);
    expect(status).toBe(0);
    expect(readdirSync(path.dirname(target))).toEqual(["copy.db"]);
    const copy = new Database(target, { readonly: true });
    expect(copy.prepare("select username from users").all()).toEqual([{ username: "owner" }]);
    copy.close();
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});

describe("npm run db:restore", () => {
  it("says there is nothing to restore from without BACKUP_REPLICA_URL, and refuses a bad timestamp", () => {
    const none = run("scripts/db-restore.ts", [], "", { BACKUP_REPLICA_URL: "" });
    expect(none.status).toBe(1);
    expect(none.out).toContain("BACKUP_REPLICA_URL is not set");
    const bad = run("scripts/db-restore.ts", ["--timestamp", "last tuesday"], "", {
      BACKUP_REPLICA_URL: `file://${dir}/replica`,
    });
    expect(bad.status).toBe(1);
    expect(bad.out).toContain("is not a date and time");
  });
});
