// What the built server logs when it refuses a request the router cannot handle, or a form a member of
// staff sent wrong: the client's mistake (mostly scanners), so an info line, never an error with a stack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Line = { level: number; msg: string; path?: string; status?: number; err?: unknown };
const linesAbout = (path: string) =>
  server
    .output()
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line & { req?: { path: string } })
    .filter((line) => line.path === path || line.req?.path === path);

const INFO = 30;
const WARN = 40;

describe("requests the router refuses", () => {
  it.each([
    ["a POST to a page without a form", "POST", "/", 405],
    ["a GET of an address that only takes a POST", "GET", "/admin/login/passkey", 400],
  ])("%s: its refusal is logged below error level", async (_what, method, path, status) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? "a=1" : undefined,
      redirect: "manual",
    });
    expect(response.status).toBe(status);
    // The request line is written when the answer has finished, after the client has it.
    await expect.poll(() => linesAbout(path).some((line) => line.req)).toBe(true);
    const lines = linesAbout(path);
    expect(lines.filter((line) => line.level > WARN)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: INFO, msg: expect.stringMatching(new RegExp(`^Refused: ${status}`)) }),
    );
  });
});

describe("an admin form sent wrong", () => {
  it.each([
    ["about a file the library does not have", "/admin/media", "intent=describe&id=nope&alt=x", 404],
    ["to translate a post that does not exist", "/admin/posts/nope/translate/ga", "title=x", 404],
    ["larger than a form may be", "/admin/posts", `a=${"x".repeat(3_000_000)}`, 413],
  ])("%s: its error page is logged below error level", async (_what, path, body, status) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method: "POST",
      headers: {
        Origin: server.baseURL,
        Cookie: await adminSessionCookie(server.baseURL),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(status);
    await expect.poll(() => linesAbout(path).some((line) => line.req)).toBe(true);
    expect(linesAbout(path).filter((line) => line.level > WARN)).toEqual([]);
  });
});

describe("a page's methods", () => {
  it("are GET, HEAD and POST: another is refused before the page's form action runs", async () => {
    // A DELETE or PUT of /blog with a sign-up's body ran the newsletter sign-up as a POST would.
    for (const method of ["DELETE", "PUT", "PATCH"])
      for (const path of ["/blog", "/contact", "/admin/login"]) {
        const response = await fetch(`${server.baseURL}${path}`, {
          method,
          headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
          body: "email=someone%40example.ie&name=Someone&goals=A%20website",
          redirect: "manual",
        });
        expect([response.status, response.headers.get("allow")], `${method} ${path}`).toEqual([
          405,
          "GET, HEAD, POST",
        ]);
      }
    expect((await fetch(`${server.baseURL}/blog`, { method: "HEAD" })).status).toBe(200);
    // A page without a form names only what it takes.
    for (const path of ["/about", "/work"]) {
      const answer = await fetch(`${server.baseURL}${path}`, { method: "PUT" });
      expect([answer.status, answer.headers.get("allow")], path).toEqual([405, "GET, HEAD"]);
    }
    // An /api route answers its own methods (a DELETE is its to refuse or take), and an address no route
    // has is not found, whatever the method.
    const api = await fetch(`${server.baseURL}/api/blog/some-post`, { method: "DELETE" });
    expect([api.status, api.headers.get("allow")]).toEqual([405, "GET, PUT"]);
    const nowhere = await fetch(`${server.baseURL}/api/no-such-thing`, { method: "DELETE" });
    expect(nowhere.headers.get("allow")).toBeNull();
  });
});
