import { spawnSync } from "node:child_process";

import { describe, expect, it } from "vitest";

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
