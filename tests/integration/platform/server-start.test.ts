import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { startServer } from "../../../scripts/lib/start-server";

// The server validates its environment before it opens the database or a port. Started as production
// starts it, from the build: the same check and message as in development, without Vite compiling the
// whole app first (three times the CPU).
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["server.ts"], {
    encoding: "utf8",
    // Generous: on a loaded 2-core CI machine a cold start once took over 15 s (the test is about the
    // answer, not the speed).
    timeout: 60_000,
    env: { ...process.env, DATABASE_PATH: "/nonexistent/never-created.db", ...env },
  });
  return { status: result.status, stderr: result.stderr };
}

describe("starting the server with a bad environment", () => {
  it("exits with a message naming an invalid variable", () => {
    const { status, stderr } = start({ NODE_ENV: "production", PORT: "abc" });
    expect(status).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid environment: PORT /);
  }, 90_000);
});

describe("starting the server without a terminal and without staff", () => {
  it("logs how to make the first admin, and records its address for the operator commands", async () => {
    // The template's database without its accounts: a site nobody can sign in to yet.
    const dir = mkdtempSync(path.join(tmpdir(), "agency-no-staff-"));
    const databasePath = path.join(dir, "app.db");
    const template = new Database(path.join(process.env.E2E_TEMPLATE_DIR!, "app.db"), { readonly: true });
    await template.backup(databasePath);
    template.close();
    const db = new Database(databasePath);
    db.prepare("delete from users").run();
    db.close();
    const server = await startServer({
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: path.join(dir, "uploads"),
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
    });
    try {
      expect(server.output()).toContain("No admin account yet: make one with `npm run admin:create");
      expect(server.output()).toContain(`then sign in at ${server.baseURL}/admin/login`);
      expect(readFileSync(path.join(dir, "site-address"), "utf8")).toBe(`${server.baseURL}\n`);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("starting the server on a port another program holds", () => {
  it("stops with one sentence naming the port, instead of running on without listening", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "agency-taken-port-"));
      const { status, stderr } = start({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SESSION_SECRET: "a-session-secret-that-is-long-enough-to-pass",
        DATABASE_PATH: path.join(dir, "app.db"),
        UPLOADS_DIR: path.join(dir, "uploads"),
      });
      rmSync(dir, { recursive: true, force: true });
      expect(status).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is taken by another program: stop it, or start the site with another PORT.`,
      );
    } finally {
      holder.close();
    }
  }, 90_000);
});
