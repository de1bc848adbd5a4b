import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: { exitCode: number | null }, log: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not become healthy in 30 s:\n${log()}`);
}

/** Runs the production build (`node build/server.js`) on a free port with a fresh database. */
export default async function globalSetup() {
  if (!existsSync("build/server.js")) {
    throw new Error("No production build: run `npm run build` before the end-to-end tests (npm test does).");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: baseURL,
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-to-pass",
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    RATE_LIMIT_FACTOR: "1000",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "e2e-admin-password",
  };
  let output = "";
  const server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  await waitForHealth(baseURL, server, () => output);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATABASE_PATH = env.DATABASE_PATH;
  process.env.E2E_UPLOADS_DIR = env.UPLOADS_DIR;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
