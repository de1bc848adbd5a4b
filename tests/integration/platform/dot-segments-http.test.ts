// Paths with `.` and `..` segments, sent as written (fetch would resolve them first, as browsers do),
// against the built server: one 301 to the resolved path, never a page answered at the odd address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sentAsWritten } from "../../setup/sent-as-written";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;

beforeAll(async () => {
  server = await serveTestDatabase();
}, 120_000);
afterAll(() => server?.stop());

const send = (path: string, method?: string) => sentAsWritten(server.baseURL, path, method);

describe("a path with dot segments", () => {
  it("is sent to the path a browser would resolve it to, with its query", async () => {
    for (const [sent, resolved] of [
      ["/work/%2e%2e/", "/"],
      ["/work/%2E%2E/about", "/about"],
      ["/%2e%2e/about", "/about"],
      ["/services/%2e%2e/work?category=Healthcare", "/work?category=Healthcare"],
      ["/blog/./", "/blog/"],
      ["/blog/%2e/", "/blog/"],
      ["/work\\..\\about", "/about"],
      ["/blog/%2e%2e/admin", "/admin"],
      // Never to another site: a resolved path starting with two slashes keeps one.
      ["/.//other.example/x", "/other.example/x"],
      ["/a/..//other.example", "/other.example"],
      // A fragment is never sent by a browser; the router drops it, and with it what it hid.
      ["/work/..#", "/"],
      ["/api/work/x/..#", "/api/work/"],
      ["/blog/a-post#top", "/blog/a-post"],
    ] as const) {
      expect([sent, ...(await send(sent))]).toEqual([sent, 301, resolved]);
    }
  });

  it("is refused for anything but reading", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect(await send("/blog/%2e%2e/api/enquiries", method)).toEqual([400, null]);
      expect(await send("/api/contact/x/..#", method)).toEqual([400, null]);
    }
  });

  it("leaves alone what only looks like one", async () => {
    // An encoded slash is part of a segment, not a separator; three dots are a name.
    expect(await send("/x%2F..%2F")).toEqual([404, null]);
    expect(await send("/blog/...")).toEqual([404, null]);
    expect(await send("/blog/a..b")).toEqual([404, null]);
  });

  it("answers a folder of the site's files as not found, not with a slash added", async () => {
    expect(await send("/images/art")).toEqual([404, null]);
    expect(await send("/assets")).toEqual([404, null]);
  });
});
