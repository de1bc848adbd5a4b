// An error that escapes its request's handling (a stream's error with no listener, a promise no one
// awaits) is logged with the request's id and the process carries on (process-guard.server): the guard
// runs in a process of its own, as server.ts installs it, since vitest catches such errors itself.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

describe("an error no one handled", () => {
  it("is logged with its request's id and the process keeps running", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      "tests/integration/platform/escaped-errors-child.ts",
    ]);
    const lines = stdout.trim().split("\n");
    expect(lines.at(-1)).toBe("still here");
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 50,
          reqId: 41,
          err: expect.objectContaining({ message: "no listener" }),
        }),
        expect.objectContaining({
          level: 50,
          reqId: 42,
          err: expect.objectContaining({ message: "no one awaits" }),
        }),
      ]),
    );
  });
});
