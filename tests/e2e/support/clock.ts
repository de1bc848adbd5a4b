import { globSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { unique } from "./unique";

// A server on a clock the test moves: libfaketime (scripts/ensure-faketime.sh) reads its offset from a
// file on every call. Only the wall clock is moved: timers keep real time.
export const libfaketime = globSync("/usr/lib/*/faketime/libfaketime.so.1")[0];

/** A clock file at `+offset` seconds, and the environment that puts a server on it. */
function fakeClock() {
  const file = path.join(tmpdir(), `agency-clock-${unique()}`);
  const set = (offsetSeconds: number) => writeFileSync(file, `+${offsetSeconds}\n`);
  set(0);
  return {
    set,
    env: {
      LD_PRELOAD: libfaketime!,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: "1",
      DONT_FAKE_MONOTONIC: "1",
    },
    remove: () => rmSync(file, { force: true }),
  };
}

/** Servers of their own on moved clocks; `stopAll` in afterEach stops them and removes the clocks. */
export function clockedServers() {
  const running: { server: RunningServer; clock: ReturnType<typeof fakeClock> }[] = [];
  return {
    /** A new server on a new clock; with `after`, on its clock and database (a restart). */
    async start(after?: { server: RunningServer; clock: ReturnType<typeof fakeClock> }) {
      const clock = after?.clock ?? fakeClock();
      const env = after ? { ...clock.env, DATABASE_PATH: after.server.databasePath } : clock.env;
      const server = await startServer(env);
      running.push({ server, clock });
      return { server, clock };
    },
    async stopAll() {
      const clocks = new Set(running.map((r) => r.clock));
      for (const { server } of running.splice(0)) await server.stop();
      for (const clock of clocks) clock.remove();
    },
  };
}
