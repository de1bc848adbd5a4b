import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";

import { listFiles } from "../../../app/features/backups/backup-target.server";
import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

// Restore drills with the real parts: the production build, Litestream from npm, a `file://`
// replica. Writes go in under load, the volume is emptied, and the next start brings it all back.
test.describe.configure({ mode: "serial" });

const replicas: string[] = [];
/** A new, empty replica folder and the environment that replicates to it. */
function newReplica() {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-replica-"));
  replicas.push(dir);
  return { dir, env: { BACKUP_REPLICA_URL: `file://${dir}`, RATE_LIMIT_FACTOR: "100000" } };
}
test.afterAll(() => {
  for (const dir of replicas) rmSync(dir, { recursive: true, force: true });
});

function post(server: RunningServer, url: string, body: unknown, cookie = "") {
  return fetch(server.baseURL + url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

const newPost = (id: string) => ({
  title: `Backed up ${id}`,
  excerpt: "Written during a restore drill.",
  content: "<p>Kept off-site.</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["Backup"],
  status: "draft",
});

type Backup = { running: boolean; replicatedAt: string | null; stale: boolean };
const backupOf = async (server: RunningServer) =>
  ((await (await fetch(`${server.baseURL}/healthz`)).json()) as { backup?: Backup }).backup;

/** Waits until /healthz says every change committed before `moment` is in the replica. */
async function replicatedPast(server: RunningServer, moment: number) {
  await expect
    .poll(async () => Date.parse((await backupOf(server))?.replicatedAt ?? "") > moment, {
      timeout: 30_000,
      message: "/healthz's backup.replicatedAt to pass the moment",
    })
    .toBe(true);
}

/** Enquiries from 12 loops and posts from 3 until stopped; the ids the server acknowledged. */
function load(server: RunningServer, cookie: string) {
  const enquiries: string[] = [];
  const posts: string[] = [];
  let running = true;
  let n = 0;
  const loop = async (write: () => Promise<void>) => {
    while (running) await write().catch(() => new Promise((r) => setTimeout(r, 20)));
  };
  const loops = [
    ...Array.from({ length: 12 }, () =>
      loop(async () => {
        const i = n++;
        const response = await post(server, "/api/contact", {
          name: `Drill ${i}`,
          email: `drill-${i}@example.ie`,
          budget: "5k-10k",
          goals: `Enquiry ${i} of a restore drill.`,
        });
        if (response.status === 201) enquiries.push(((await response.json()) as { id: string }).id);
      }),
    ),
    ...Array.from({ length: 3 }, () =>
      loop(async () => {
        const response = await post(server, "/api/blog", newPost(`${n++}-${Date.now()}`), cookie);
        if (response.status === 201) posts.push(((await response.json()) as { id: string }).id);
      }),
    ),
  ];
  return {
    enquiries,
    posts,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function uploadImage(server: RunningServer, cookie: string) {
  const slot = await fetch(`${server.baseURL}/api/images/upload`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseURL },
  });
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#cc6633" } })
    .jpeg()
    .toBuffer();
  const response = await fetch(new URL(uploadURL, server.baseURL), {
    method: "PUT",
    headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "image/jpeg" },
    body: bytes,
  });
  expect(response.ok).toBe(true);
}

/** Processes (Litestream included) that still have `file` open. */
function holders(file: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fds = readdirSync(`/proc/${pid}/fd`);
      if (fds.some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(file))) found.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

const ids = (file: string, table: string) => {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare(`select id from ${table}`).all() as { id: string }[];
  db.close();
  return new Set(rows.map((row) => row.id));
};

function emptyVolume(server: RunningServer) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(server.databasePath + suffix, { force: true });
  rmSync(path.join(path.dirname(server.databasePath), ".app.db-litestream"), {
    recursive: true,
    force: true,
  });
  rmSync(server.uploadsDir, { recursive: true, force: true });
}

test("kill -9 under load, volume emptied: the next start restores every acknowledged write and the uploads", async () => {
  test.setTimeout(120_000);
  const { dir: replicaDir, env: backupEnv } = newReplica();
  const first = await startServer(backupEnv);
  let second: RunningServer | undefined;
  try {
    const cookie = await adminSessionCookie(first.baseURL);
    await uploadImage(first, cookie);
    const burst = load(first, cookie);
    // Until enough writes are acknowledged, however busy the machine: three seconds of a burst made
    // 12 enquiries once, while the rest of the suite shared the cores.
    await expect
      .poll(() => burst.enquiries.length > 20 && burst.posts.length > 3, { timeout: 60_000 })
      .toBe(true);
    await burst.stop();
    const lastAcknowledged = Date.now();
    await replicatedPast(first, lastAcknowledged);
    const uploads = [...(await listFiles(first.uploadsDir)).keys()].filter((f) => !f.startsWith("cards/"));
    expect(uploads.some((f) => f.startsWith("images/"))).toBe(true);
    await expect
      .poll(async () => uploads.filter((f) => !existsSync(path.join(replicaDir, "uploads", f))), {
        timeout: 10_000,
      })
      .toEqual([]);

    // The server dies without a chance to sync; Litestream goes with it (its subprocess's pipe closes).
    expect(await first.kill("SIGKILL")).toBe("SIGKILL");
    await expect.poll(() => holders(first.databasePath), { timeout: 10_000 }).toEqual([]);
    emptyVolume(first);

    second = await startServer({
      ...backupEnv,
      DATABASE_PATH: first.databasePath,
      UPLOADS_DIR: first.uploadsDir,
    });
    expect(second.output()).toContain("Restored the database");
    const enquiries = ids(first.databasePath, "enquiries");
    const posts = ids(first.databasePath, "posts");
    expect(burst.enquiries.filter((id) => !enquiries.has(id))).toEqual([]);
    expect(burst.posts.filter((id) => !posts.has(id))).toEqual([]);
    for (const file of uploads) expect(existsSync(path.join(first.uploadsDir, file)), file).toBe(true);
    const image = uploads.find((f) => f.startsWith("images/"))!;
    expect((await fetch(`${second.baseURL}/uploads/${image}`)).status).toBe(200);
    // Replicating again, from the restored file.
    await replicatedPast(second, Date.now());
  } finally {
    await second?.stop();
    await first.stop();
  }
});

function runRestore(server: RunningServer, replicaUrl: string, args: string[]) {
  const result = spawnSync(process.execPath, ["build/db-restore.js", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-to-pass",
      DATABASE_PATH: server.databasePath,
      UPLOADS_DIR: server.uploadsDir,
      BACKUP_REPLICA_URL: replicaUrl,
    },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

test("npm run db:restore: the newest copy, a moment in the past, and never over a database without --force", async () => {
  test.setTimeout(90_000);
  const { env: backupEnv } = newReplica();
  const server = await startServer(backupEnv);
  const restore = (args: string[]) => runRestore(server, backupEnv.BACKUP_REPLICA_URL, args);
  try {
    const cookie = await adminSessionCookie(server.baseURL);
    const early = (await (
      await post(server, "/api/blog", newPost(`early-${Date.now()}`), cookie)
    ).json()) as {
      id: string;
    };
    await replicatedPast(server, Date.now());
    const moment = new Date();
    await new Promise((r) => setTimeout(r, 1500));
    const late = (await (await post(server, "/api/blog", newPost(`late-${Date.now()}`), cookie)).json()) as {
      id: string;
    };
    await replicatedPast(server, Date.now());
    // The admin shows it too.
    const settings = await (
      await fetch(`${server.baseURL}/admin/settings`, { headers: { Cookie: cookie } })
    ).text();
    expect(settings).toContain("Off-site backup");
    expect(settings).toMatch(/Off-site backup: (every change is copied|last copied)/);
    expect(await server.kill("SIGTERM")).toBe(0);

    const refused = restore([]);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("already exists");
    expect(refused.out).toContain("--force");

    const dir = path.dirname(server.databasePath);
    const newest = restore(["--output", path.join(dir, "newest.db")]);
    expect(newest.out).toContain("from the newest copy");
    expect(newest.status).toBe(0);
    expect(ids(path.join(dir, "newest.db"), "posts")).toContain(late.id);

    const past = restore(["--output", path.join(dir, "past.db"), "--timestamp", moment.toISOString()]);
    expect(past.out).toContain(`as of ${moment.toISOString()}`);
    expect(past.status).toBe(0);
    const then = ids(path.join(dir, "past.db"), "posts");
    expect(then).toContain(early.id);
    expect(then).not.toContain(late.id);

    expect(restore(["--timestamp", "yesterday-ish"]).out).toContain("is not a date");

    const forced = restore(["--force"]);
    expect(forced.status).toBe(0);
    expect(forced.out).toContain("Moved the existing database aside");
    expect(ids(server.databasePath, "posts")).toContain(late.id);
    expect(readdirSync(dir).some((f) => f.startsWith("app.db.before-restore-"))).toBe(true);
  } finally {
    await server.stop();
  }
});

/** The Litestream process serving `server` (its subprocess waits on the server's process id). */
function litestreamOf(server: RunningServer): number | undefined {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (args[0]?.endsWith("/litestream") && args.some((a) => a.includes(`kill -0 ${server.pid} `)))
        return Number(pid);
    } catch {
      // gone
    }
  }
  return undefined;
}

test("Litestream killed: the owner sees a warning above admin pages, and it is started again", async () => {
  test.setTimeout(60_000);
  const server = await startServer(newReplica().env);
  try {
    const cookie = await adminSessionCookie(server.baseURL);
    const first = litestreamOf(server);
    expect(first).toBeDefined();
    // It is started again after 1 s, then 2 s, 4 s (a crash loop backs off): the page is read while
    // it is down, on a later try if a busy machine took longer than the pause.
    let warned = false;
    for (let attempt = 0; attempt < 3 && !warned; attempt++) {
      const pid = litestreamOf(server);
      if (pid) process.kill(pid, "SIGKILL");
      await expect.poll(async () => (await backupOf(server))?.running, { intervals: [50] }).toBe(false);
      const page = await (
        await fetch(`${server.baseURL}/admin/posts`, { headers: { Cookie: cookie } })
      ).text();
      warned = page.includes("Off-site backup is not running.") && page.includes('role="alert"');
      await expect.poll(async () => (await backupOf(server))?.running, { timeout: 15_000 }).toBe(true);
    }
    expect(warned).toBe(true);
    expect(litestreamOf(server)).not.toBe(first);
    // Copying resumes: a change made after the restart reaches the replica.
    const moment = Date.now();
    const enquiry = await post(server, "/api/contact", {
      name: "After the restart",
      email: "restart@example.ie",
      budget: "5k-10k",
      goals: "Written once Litestream is running again.",
    });
    expect(enquiry.status).toBe(201);
    await replicatedPast(server, moment);
    const calm = await (await fetch(`${server.baseURL}/admin/posts`, { headers: { Cookie: cookie } })).text();
    expect(calm).not.toContain("Off-site backup is");
  } finally {
    await server.stop();
  }
});
