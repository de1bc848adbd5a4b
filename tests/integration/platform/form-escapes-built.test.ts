// A form whose %-escapes are not UTF-8 is refused by the built server too, not only by the source: the
// bundler once dropped the check's decoding as a call without effects, and `caf%FF` was saved as "caf�".
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (body: string) =>
  fetch(`${server.baseURL}/admin/login`, {
    method: "POST",
    headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });

describe("a form's %-escapes", () => {
  it.each(["caf%FF", "%C3%28", "%E2%82"])(
    "that are not UTF-8 (%s) are refused with 400",
    async (username) => {
      const answer = await post(`username=${username}&password=wrong`);
      expect(answer.status).toBe(400);
    },
  );

  it("that are UTF-8 are read as the words they spell: a wrong sign-in, 401", async () => {
    const answer = await post("username=caf%C3%A9&password=wrong");
    expect(answer.status).toBe(401);
  });
});
