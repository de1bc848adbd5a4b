// Defects an outside attack on page copy found over HTTP against the built server, each fixed since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let owner = "";

beforeAll(async () => {
  ({ server, cookie: owner } = await signedInServer());
}, 120_000);
afterAll(() => server?.stop());

const send = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: { Cookie: owner, Origin: server.baseURL, "Content-Type": "application/json", ...init.headers },
  });
/** A page as a visitor gets it: no cookie, so from the page cache when it holds it. */
const visit = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  return { status: response.status, text: await response.text() };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
type Loose = Record<string, any>;

describe("a page's address with a trailing slash", () => {
  it("shows the words just published, as the address without it does", async () => {
    // Both answer 200 with the page; the cache keeps "/privacy/" under its own key, which no publish empties.
    const before = await visit("/privacy/");
    expect(before.status).toBe(200);
    const copy: Loose = (await (await send("/api/pages/legal/privacy")).json()).published;
    copy.title = "Privacy, rewritten";
    expect(
      (await send("/api/pages/legal/privacy", { method: "PUT", body: JSON.stringify(copy) })).status,
    ).toBe(200);
    expect((await send("/api/pages/legal/privacy/publish", { method: "POST" })).status).toBe(200);

    expect((await visit("/privacy")).text).toContain("Privacy, rewritten");
    const after = await visit("/privacy/");
    expect([after.status, after.text.includes("Privacy, rewritten")]).toEqual([200, true]);
  });
});

describe("an HTTP method nobody serves", () => {
  it("is refused with a 4xx, never a 500", async () => {
    // TRACE reached the app and answered 500 on every path, to anyone.
    for (const path of ["/", "/privacy", "/api/pages/home"]) {
      const response = await fetch(`${server.baseURL}${path}`, { method: "TRACE" }).catch(() => null);
      // fetch itself refuses TRACE; node:http sends it.
      const status =
        response?.status ??
        (await new Promise<number>((resolve, reject) => {
          void import("node:http").then(({ request }) => {
            const req = request(`${server.baseURL}${path}`, { method: "TRACE" }, (res) => {
              res.resume();
              resolve(res.statusCode!);
            });
            req.on("error", reject);
            req.end();
          });
        }));
      expect([path, status < 500]).toEqual([path, true]);
    }
  });
});

describe("a legal page's data, as the site's own links fetch it", () => {
  it("is the page's, not a 404", async () => {
    for (const page of ["privacy", "terms", "cookies"]) {
      const answer = await fetch(`${server.baseURL}/${page}.data`);
      expect([page, answer.status]).toEqual([page, 200]);
    }
  });
});
