import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { runOperatorCommand } from "../../setup/operator-command";

// The operator commands run as the operator runs them (`npm run admin:create` runs the bundle in
// build/, made afresh for the run by tests/setup/operator-commands-build.ts), as their own processes
// against their own database file.
const dir = mkdtempSync(path.join(tmpdir(), "agency-ops-"));
const DATABASE_PATH = path.join(dir, "app.db");

const run = (
  command: Parameters<typeof runOperatorCommand>[0],
  args: string[],
  input = "",
  extraEnv: Record<string, string> = {},
  cwd?: string,
) =>
  runOperatorCommand(
    command,
    args,
    input,
    { NODE_ENV: "development", DATABASE_PATH, ADMIN_PASSWORD: "", ...extraEnv },
    cwd,
  );

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
  it("creates the admin from a password on standard input, hashed", async () => {
    const { status, out } = await run("admin-create", ["--username", "owner"], "correct-horse-battery\n");
    expect(out).toContain('Admin "owner" created');
    expect(status).toBe(0);
    expect(users()).toEqual([{ username: "owner", password: expect.stringMatching(/^scrypt\$/) }]);
    expect(users()[0]?.password).not.toContain("correct-horse-battery");
  });

  it("says how to give the name and e-mail when the prompts' answers are piped in, creating nothing", async () => {
    const piped = await run(
      "admin-create",
      ["--username", "piped"],
      "Aoife Byrne\naoife@example.ie\ncorrect-horse-battery\ncorrect-horse-battery\n",
    );
    expect(piped.status).toBe(1);
    expect(piped.out).toContain("give your name and e-mail with --name and --email");
    expect(users().map((user) => user.username)).not.toContain("piped");
  });

  it("asks for a username only of a person: with nothing to read it says one is needed", async () => {
    // It once waited on a closed input for ever, and Node ended it (exit 13) with a warning.
    const { status, out } = await run("admin-create", ["--name", "Aoife", "--email", "a@example.ie"], "", {
      ADMIN_USERNAME: "",
    });
    expect(out).toContain("A username is required");
    expect(status).toBe(1);
  });

  it("refuses a short password and an existing username, and resets with --reset", async () => {
    const before = users()[0]?.password;
    // None of the four changes what another reads: side by side.
    const [short, taken, reset, ghost] = await Promise.all([
      run("admin-create", ["-u", "other"], "short\n"),
      run("admin-create", ["-u", "owner"], "another-long-password\n"),
      run("admin-create", ["-u", "owner", "--reset"], "", {
        ADMIN_USERNAME: "owner",
        ADMIN_PASSWORD: "a-new-long-password",
      }),
      run("admin-create", ["-u", "ghost", "--reset"], "whatever-long-password\n"),
    ]);
    expect(short.status).toBe(1);
    expect(short.out).toContain("at least 12 characters");
    expect(taken.status).toBe(1);
    expect(taken.out).toContain("use --reset");
    expect(reset).toMatchObject({ status: 0 });
    expect(users()[0]?.password).not.toBe(before);
    expect(ghost.out).toContain('No user named "ghost"');
  });

  it("lets the operator turn off a lost authenticator app with --reset --without-second-step", async () => {
    const db = new Database(DATABASE_PATH);
    db.prepare(
      "update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_confirmed_at = 1, require_second_factor = 1 where username = 'owner'",
    ).run();
    db.close();
    const reset = await run("admin-create", ["-u", "owner", "--reset", "--without-second-step"], "", {
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
  it("writes one self-contained, intact copy of the live database", async () => {
    const target = path.join(dir, "backups", "copy.db");
    const { status, out } = await run("db-backup", [target]);
    expect(out).toContain(`Backup written to ${target}`);
    expect(status).toBe(0);
    expect(readdirSync(path.dirname(target))).toEqual(["copy.db"]);
    const copy = new Database(target, { readonly: true });
    expect(copy.prepare("select username from users").all()).toEqual([{ username: "owner" }]);
    copy.close();
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it("runs from any folder: the app's migrations are found from the command, not the folder", async () => {
    const elsewhere = mkdtempSync(path.join(dir, "elsewhere-"));
    const { status, out } = await run("db-backup", ["copy.db"], "", {}, elsewhere);
    expect(out).toContain(`Backup written to ${path.join(elsewhere, "copy.db")}`);
    expect(status).toBe(0);
  });

  it("says how to use it for --help, and refuses an unknown option or two files, writing nothing", async () => {
    // It once took --help for the file to write, and left a copy of the database called "--help".
    const here = mkdtempSync(path.join(dir, "cwd-"));
    const help = await run("db-backup", ["--help"], "", {}, here);
    expect(help.status).toBe(0);
    expect(help.out).toContain("npm run db:backup -- [FILE]");
    for (const args of [["--bogus"], ["one.db", "two.db"]]) {
      const refused = await run("db-backup", args, "", {}, here);
      expect(refused.status, args.join(" ")).toBe(1);
      expect(refused.out, args.join(" ")).toContain("npm run db:backup -- [FILE]");
    }
    const blank = await run("db-backup", [""], "", {}, here);
    expect(blank.status).toBe(1);
    expect(blank.out).toContain("Give the file to write the copy to");
    const restoreHelp = await run("db-restore", ["-h"], "", {}, here);
    expect(restoreHelp.status).toBe(0);
    expect(restoreHelp.out).toContain("Usage: npm run db:restore");
    expect(readdirSync(here)).toEqual([]);
  });
});

describe("npm run db:backup, given odd places to write to", () => {
  it("writes into a folder it is given, refuses what is not a file, and leaves no part-written copy", async () => {
    // A folder once made it fail at the last step and leave "<folder>.partial" behind; a device was
    // replaced by a copy of the database.
    const folder = mkdtempSync(path.join(dir, "folder-"));
    const into = await run("db-backup", [folder]);
    expect(into.status).toBe(0);
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/^app-\d{8}-\d{6}\.db$/)]);

    const device = await run("db-backup", ["/dev/null"]);
    expect(device.status).toBe(1);
    expect(device.out).toContain("/dev/null is not a file");

    const underFile = await run("db-backup", [path.join(dir, "app.db", "copy.db")]);
    expect(underFile.status).toBe(1);
    expect(underFile.out).toMatch(/^No backup was written: /m);
    expect(underFile.out).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});

describe("npm run db:restore", () => {
  it("says there is nothing to restore from without BACKUP_REPLICA_URL, and refuses a bad timestamp", async () => {
    const [none, bad] = await Promise.all([
      run("db-restore", [], "", { BACKUP_REPLICA_URL: "" }),
      run("db-restore", ["--timestamp", "last tuesday"], "", {
        BACKUP_REPLICA_URL: `file://${dir}/replica`,
      }),
    ]);
    expect(none.status).toBe(1);
    expect(none.out).toContain("BACKUP_REPLICA_URL is not set");
    expect(bad.status).toBe(1);
    expect(bad.out).toContain("is not a date and time");
  });

  it("refuses an option given an empty value, rather than take it as left out", async () => {
    // `--from ""` (an unset shell variable) once meant "from the off-site copy".
    const replica = { BACKUP_REPLICA_URL: `file://${dir}/replica` };
    for (const option of ["--from", "--timestamp", "--output"]) {
      const refused = await run("db-restore", [option, "", "--force"], "", replica);
      expect(refused.status, option).toBe(1);
      expect(refused.out, option).toContain(`${option} was given an empty value`);
    }
  });
});

describe("npm run db:restore -- --from, for a file npm run db:backup wrote", () => {
  it("names the newest backup when there is no off-site copy, and puts it back with --force", async () => {
    const made = await run("db-backup", []);
    expect(made.status).toBe(0);
    const file = /Backup written to (\S+)/.exec(made.out)![1]!;
    expect(path.dirname(file)).toBe(path.join(dir, "backups"));
    // The backup says how to put it back.
    expect(made.out).toContain("npm run db:restore -- --from ");

    const told = await run("db-restore", [], "", { BACKUP_REPLICA_URL: "" });
    expect(told.status).toBe(1);
    expect(told.out).toContain("There is no off-site copy to restore from (BACKUP_REPLICA_URL is not set)");
    expect(told.out).toContain(`npm run db:restore -- --from ${path.relative(process.cwd(), file)} --force`);

    // A change after the backup, which the restore takes away.
    const live = new Database(DATABASE_PATH);
    live.prepare("update users set name = 'Changed after the backup'").run();
    live.close();

    const refused = await run("db-restore", ["--from", file], "", { BACKUP_REPLICA_URL: "" });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("run again with --force");

    const restored = await run("db-restore", ["--from", file, "--force"], "", { BACKUP_REPLICA_URL: "" });
    expect(restored.out).toContain(`Restored ${DATABASE_PATH}`);
    expect(restored.status).toBe(0);
    const db = new Database(DATABASE_PATH, { readonly: true });
    expect(db.prepare("select name from users").all()).not.toContainEqual({
      name: "Changed after the backup",
    });
    db.close();
    // The database it replaced is kept aside.
    expect(readdirSync(dir).some((name) => name.startsWith("app.db.before-restore-"))).toBe(true);
  });

  it("refuses a file that is not a database, changing nothing", async () => {
    const bogus = path.join(dir, "not-a-backup.db");
    writeFileSync(bogus, "these are not the bytes of a database".repeat(200));
    const before = readdirSync(dir).sort();
    const refused = await run("db-restore", ["--from", bogus, "--force"], "", { BACKUP_REPLICA_URL: "" });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("is not a database backup");
    expect(refused.out).toContain("nothing was changed");
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it("refuses an empty file, which SQLite opens as an empty database, changing nothing", async () => {
    // It once passed the integrity check and took the database's place, empty.
    const empty = path.join(dir, "empty.db");
    writeFileSync(empty, "");
    const before = readdirSync(dir).sort();
    const refused = await run("db-restore", ["--from", empty, "--force"], "", { BACKUP_REPLICA_URL: "" });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("is not a backup of the site's database");
    expect(readdirSync(dir).sort()).toEqual(before);
    const db = new Database(DATABASE_PATH, { readonly: true });
    expect(db.prepare("select count(*) as n from users").get()).toEqual({ n: 1 });
    db.close();
  });
});
