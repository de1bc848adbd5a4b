// `npm run admin:create` as the operator runs it: the built script, a password piped in, its own database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

import { verifyPassword } from "~/features/staff/credentials/password.server";

import { runOperatorCommand } from "../../setup/operator-command";

const dir = mkdtempSync(path.join(tmpdir(), "agency-admin-create-"));
const DATABASE_PATH = path.join(dir, "app.db");

// The bundle is the one `npm run build` makes, made afresh for the run (tests/setup/operator-commands-build.ts).
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function adminCreate(args: string[], input: string, env: Record<string, string> = {}) {
  return runOperatorCommand("admin-create", args, input, {
    NODE_ENV: "production",
    SESSION_SECRET: "a-session-secret-that-is-long-enough-to-pass",
    DATABASE_PATH,
    ADMIN_USERNAME: "",
    ADMIN_PASSWORD: "",
    PORT: "",
    SITE_URL: "",
    ...env,
  });
}

const storedHash = (username: string) => {
  const db = new Database(DATABASE_PATH, { readonly: true });
  const row = db.prepare("select password from users where username = ?").get(username) as
    { password: string } | undefined;
  db.close();
  return row?.password;
};

describe("the built admin:create with a piped password", () => {
  it("takes the password typed twice (as the prompts ask) and that password signs in", async () => {
    const created = await adminCreate(["--username", "piped"], "a-piped-password-1\na-piped-password-1\n");
    expect(created.out).toContain('Admin "piped" created');
    expect(created.status).toBe(0);
    const hash = storedHash("piped")!;
    const [typed, joined] = await Promise.all([
      verifyPassword("a-piped-password-1", hash),
      verifyPassword("a-piped-password-1\na-piped-password-1", hash),
    ]);
    expect(typed).toBe(true);
    expect(joined).toBe(false);
  });

  it("takes a password given once, and refuses two different ones without creating anyone", async () => {
    const [once, differ] = await Promise.all([
      adminCreate(["-u", "once"], "a-piped-password-2\n"),
      adminCreate(["-u", "differ"], "a-piped-password-3\nanother-password-3\n"),
    ]);
    expect(once.status).toBe(0);
    expect(await verifyPassword("a-piped-password-2", storedHash("once")!)).toBe(true);
    expect(differ.status).toBe(1);
    expect(differ.out).toContain("The two passwords differ");
    expect(storedHash("differ")).toBeUndefined();
  });

  it("names the sign-in address the server answers at: its SITE_URL, else its PORT", async () => {
    const [onPort, onSite] = await Promise.all([
      adminCreate(["-u", "on-port"], "a-piped-password-4\n", { PORT: "4321" }),
      adminCreate(["-u", "on-site"], "a-piped-password-5\n", {
        PORT: "4321",
        SITE_URL: "https://www.example.ie/",
      }),
    ]);
    expect(onPort.out).toContain("Sign in at http://localhost:4321/admin/login");
    expect(onSite.out).toContain("Sign in at https://www.example.ie/admin/login");
  });
});

describe("the owner's name, e-mail and address", () => {
  const ownDir = mkdtempSync(path.join(tmpdir(), "agency-admin-owner-"));
  afterAll(() => rmSync(ownDir, { recursive: true, force: true }));
  const ownDatabase = path.join(ownDir, "app.db");
  const row = (username: string) => {
    const db = new Database(ownDatabase, { readonly: true });
    const found = db.prepare("select name, email from users where username = ?").get(username);
    db.close();
    return found;
  };

  it("keeps the name and e-mail given as flags or ADMIN_NAME / ADMIN_EMAIL, and refuses a bad e-mail", async () => {
    const byFlags = await adminCreate(
      ["-u", "aoife", "--name", " Aoife Byrne ", "--email", "aoife@example.ie"],
      "a-piped-password-6\n",
      { DATABASE_PATH: ownDatabase },
    );
    expect(byFlags.out).toContain('Admin "aoife" (Aoife Byrne) created');
    expect(row("aoife")).toEqual({ name: "Aoife Byrne", email: "aoife@example.ie" });
    const [byEnv, bad] = await Promise.all([
      adminCreate(["-u", "cian"], "a-piped-password-7\n", {
        DATABASE_PATH: ownDatabase,
        ADMIN_NAME: "Cian Walsh",
        ADMIN_EMAIL: "cian@example.ie",
      }),
      adminCreate(["-u", "nobody", "--email", "not-an-address"], "a-piped-password-8\n", {
        DATABASE_PATH: ownDatabase,
      }),
    ]);
    expect(byEnv.status).toBe(0);
    expect(row("cian")).toEqual({ name: "Cian Walsh", email: "cian@example.ie" });
    expect(bad.status).toBe(1);
    expect(bad.out).toContain('"not-an-address" is not an e-mail address');
    expect(row("nobody")).toBeUndefined();
  });

  it("names the address the site recorded at its last start when SITE_URL is not set", async () => {
    // What the server writes beside its database once it listens (on a PORT this shell does not have).
    writeFileSync(path.join(ownDir, "site-address"), "http://localhost:8089\n");
    const [recorded, configured] = await Promise.all([
      adminCreate(["-u", "recorded"], "a-piped-password-9\n", { DATABASE_PATH: ownDatabase }),
      adminCreate(["-u", "configured"], "a-piped-password-0\n", {
        DATABASE_PATH: ownDatabase,
        SITE_URL: "https://www.example.ie",
      }),
    ]);
    expect(recorded.out).toContain("Sign in at http://localhost:8089/admin/login");
    expect(configured.out).toContain("Sign in at https://www.example.ie/admin/login");
  });
});
