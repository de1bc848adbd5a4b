import { spawn } from "node:child_process";
import { randomBytes, scryptSync } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import getPort from "get-port";

export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };

/** Signs E2E_ADMIN in through POST /api/auth/login; returns the session cookie as "name=value". */
export async function adminSessionCookie(
  baseURL: string,
  account: { username: string; password: string } = E2E_ADMIN,
): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify(account),
  });
  if (response.status !== 200)
    throw new Error(`Signing in answered ${response.status}: ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

/**
 * Sends a form to one of the server's pages as a signed-in browser without JavaScript would: the
 * session cookie, this site as the Origin, the fields URL-encoded; redirects are answered, not followed.
 */
export function postForm(baseURL: string, path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

export type RunningServer = {
  baseURL: string;
  /** The server's process id (server.ts restarts itself in place, keeping it). */
  pid: number;
  databasePath: string;
  uploadsDir: string;
  output: () => string;
  /** Sends a signal and resolves with the exit code (or the signal's name) once the process is gone. */
  kill: (signal: NodeJS.Signals) => Promise<number | string>;
  stop: () => Promise<void>;
};

/**
 * Runs the production build (`node server.ts` with NODE_ENV=production) on a free port with a database
 * and uploads folder of its own, the admin from E2E_ADMIN, and whatever `env` adds (e.g.
 * RATE_LIMIT_FACTOR=1). The folder starts as a copy of E2E_TEMPLATE_DIR when that is set (see
 * makeTemplate) and empty otherwise, or with `fresh`.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Serve as http://localhost:PORT: passkeys need a domain (the browser refuses an IP address). */
  {
    localhost = false,
    /**
     * How long the start may take: a benchmark's year of analytics is rolled up before it listens, and
     * a start that takes 3 s alone took over 60 s on two cores shared with a dozen busy processes.
     */
    startSeconds = 90,
    /** Start on an empty folder even when there is a template: for tests of what a first start does. */
    fresh = false,
    /**
     * Resolve only once the start-up work is over (startUpDone): what a measuring script times is then
     * the site at rest, not the site sharing its CPU with a first start's drawing of covers and cards.
     */
    atRest = false,
  } = {},
): Promise<RunningServer> {
  if (!existsSync("build/server/index.js")) {
    throw new Error("No production build: run `npm run build` before the end-to-end tests (npm test does).");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "agency-e2e-"));
  const template = fresh || env.DATABASE_PATH ? undefined : process.env.E2E_TEMPLATE_DIR;
  if (template) cpSync(template, dir, { recursive: true });
  // get-port finds a port free now, but another process's server (a parallel test file or worker)
  // may take it first: that server would then answer this one's health checks. A server is ours only
  // once its own log says it listens; one that lost its port to another is started again on a new one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(dir, env, { localhost, startSeconds, atRest });
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

class PortTaken extends Error {}

async function startOnFreePort(
  dir: string,
  env: Record<string, string>,
  { localhost, startSeconds, atRest }: { localhost: boolean; startSeconds: number; atRest: boolean },
): Promise<RunningServer> {
  const port = await getPort({ host: "127.0.0.1" });
  const baseURL = `http://${localhost ? "localhost" : "127.0.0.1"}:${port}`;
  const fullEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: baseURL,
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-to-pass",
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    RATE_LIMIT_FACTOR: "1000",
    // People take seconds to fill the enquiry form; tests take milliseconds (the check has its own test).
    ENQUIRY_MIN_FILL_SECONDS: "0",
    // Rendering the marketing pages before listening is 0.4 of a start's 0.7 core-seconds, for a
    // first visitor few test servers have; a server meant to be measured starts as a real one does.
    ...(atRest ? {} : { PAGES_WARMED_AT_START: "0" }),
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...env,
  };
  let output = "";
  const server = spawn(process.execPath, ["server.ts"], {
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + startSeconds * 1000;
  const listening = `Listening on http://localhost:${port} `;
  // A benchmark's server logs warnings only, so never says it listens: /healthz alone tells (a
  // benchmark starts one server at a time, so no other can have taken its port).
  const saysItListens = !["warn", "error", "fatal", "silent"].includes(
    env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? "",
  );
  for (;;) {
    if (server.exitCode !== null) {
      if (output.includes("is taken by another program")) throw new PortTaken();
      throw new Error(`The server exited (${server.exitCode}):\n${output}`);
    }
    const ok =
      (output.includes(listening) || !saysItListens) &&
      (await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`The server did not become healthy in ${startSeconds} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (atRest) {
    await startUpDone(baseURL).catch((error: Error) => {
      server.kill("SIGKILL");
      throw new Error(`The server is up, but ${error.message}:\n${output}`);
    });
  }

  return {
    baseURL,
    pid: server.pid!,
    databasePath: fullEnv.DATABASE_PATH,
    uploadsDir: fullEnv.UPLOADS_DIR,
    output: () => output,
    kill: (signal) => {
      const exited = new Promise<number | string>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null)
          resolve(server.exitCode ?? server.signalCode!);
        else server.once("exit", (code, sig) => resolve(code ?? sig!));
      });
      server.kill(signal);
      return exited;
    },
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        // A server that has not ended 30 s after SIGTERM is killed, and says so with its output,
        // rather than holding its test until the test's own time runs out (and living on after it).
        let deadline: NodeJS.Timeout | undefined;
        const ended = await Promise.race([
          exited.then(() => true),
          new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), 30_000))),
        ]);
        clearTimeout(deadline);
        if (!ended) {
          server.kill("SIGKILL");
          await exited;
          rmSync(dir, { recursive: true, force: true });
          throw new Error(`The server did not stop within 30 s of SIGTERM (killed):\n${output.slice(-4000)}`);
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A data folder (database and uploads) as a first start leaves it once its work is done: migrated,
 * seeded, the admin created and every social card drawn (some 4 s of CPU), as /healthz says. Servers started while
 * E2E_TEMPLATE_DIR names it begin from a copy instead of doing all that again. The caller removes it.
 */
export async function makeTemplate(): Promise<string> {
  const server = await startServer({}, { fresh: true, atRest: true });
  // A clean stop: the database closes with its log checkpointed into the file.
  await server.kill("SIGTERM");
  // The admin's password at the unit tests' hashing cost: every test server's sign-ins and password
  // checks run the same code, at a few milliseconds of a core each instead of a third of a second.
  const database = new Database(server.databasePath);
  database
    .prepare("update users set password = ? where username = ?")
    .run(cheapHash(E2E_ADMIN.password), E2E_ADMIN.username);
  database.close();
  return path.dirname(server.databasePath);
}

/** A stored password as password.server.ts writes it ("scrypt$N$r$p$salt$key"), at its tests' cost. */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const [N, r, p] = [2 ** 10, 8, 1];
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * Resolves once a server's start-up work (covers, then the cards that show them, some 4 s of CPU on a
 * first start) is over, as /healthz says: what is measured or copied after it is the site at rest.
 */
export async function startUpDone(baseURL: string, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const health = (await (await fetch(`${baseURL}/healthz`)).json()) as {
      tasks?: Record<string, { runs: number }>;
      background?: string;
    };
    if (health.background === "idle" && (health.tasks?.["social-cards"]?.runs ?? 0) > 0) return;
    if (Date.now() > deadline)
      throw new Error(`its start-up work did not finish in ${Math.round(withinMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
