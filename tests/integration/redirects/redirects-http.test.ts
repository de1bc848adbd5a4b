// The owner's redirects and the 404 log over HTTP against the built server: where a redirect may send
// a visitor, what the admin's form says to a target that would leave the site, and how much one client
// can write into the 404 log.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { NOT_FOUND_PER_CLIENT } from "~/features/redirects/redirects.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  // The limits at their real size.
  ({ server, cookie } = await signedInServer({ env: { RATE_LIMIT_FACTOR: "1" } }));
}, 60_000);
afterAll(() => server?.stop());

const asAdmin = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    headers: { Origin: server.baseURL, Cookie: cookie, ...init.headers },
  });
const addRedirect = (body: Record<string, unknown>) =>
  asAdmin("/api/redirects", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const locationOf = async (path: string) => {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  return [response.status, response.headers.get("location")];
};

describe("redirects", () => {
  it("carries a path over a prefix redirect to / without turning it into another site's address", async () => {
    expect((await addRedirect({ from: "/old-site", to: "/", prefix: true })).status).toBe(201);
    expect(await locationOf("/old-site//evil.example/login")).toEqual([301, "/evil.example/login"]);
    expect(await locationOf("/old-site///evil.example")).toEqual([301, "/evil.example"]);
    expect(await locationOf("/old-site/about?ref=x")).toEqual([301, "/about?ref=x"]);
  });

  it("refuses a target a browser would read as another site, in the API and the admin's form", async () => {
    for (const to of ["/\\evil.example/x", "//evil.example/x", "/\t/evil.example", "javascript:alert(1)"]) {
      const response = await addRedirect({ from: "/promo", to });
      expect([to, response.status]).toEqual([to, 400]);
      expect(JSON.stringify(await response.json())).toContain("Use a path on this site");
    }
    const form = await asAdmin("/admin/redirects", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ from: "/promo", to: "/\\evil.example/x", status: "301" }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Use a path on this site (/services/seo) or a full address");
    expect(await locationOf("/promo")).toEqual([404, null]);

    // Another site's full address, saved on purpose, is the one way off the site.
    expect((await addRedirect({ from: "/shop", to: "https://shop.example.ie/", prefix: true })).status).toBe(
      201,
    );
    expect(await locationOf("/shop//evil.example/cart")).toEqual([
      301,
      "https://shop.example.ie/evil.example/cart",
    ]);
  });
});

/** A person's browser asking for a page (the log leaves out crawlers and scripts). */
const BROWSER = {
  Accept: "text/html",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
};

describe("the 404 log", () => {
  it("counts one client's missing pages only up to its limit", async () => {
    const tries = NOT_FOUND_PER_CLIENT.points + 10;
    for (let i = 0; i < tries; i++) {
      const response = await fetch(`${server.baseURL}/scan-${i}`, { headers: BROWSER });
      expect(response.status).toBe(404);
    }
    const scans = async () => {
      const hits = (await (await asAdmin("/api/not-found")).json()) as { path: string }[];
      return hits.filter((hit) => hit.path.startsWith("/scan-")).length;
    };
    await vi.waitFor(async () => expect(await scans()).toBeGreaterThanOrEqual(NOT_FOUND_PER_CLIENT.points));
    expect(await scans()).toBe(NOT_FOUND_PER_CLIENT.points);
  });
});
