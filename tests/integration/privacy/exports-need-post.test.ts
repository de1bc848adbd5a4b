// The downloads of people's data (a person's data as JSON, the enquiries and subscribers as CSV) against
// the built server. They were GETs, so a link or an image on another site started one in the owner's
// signed-in browser and the audit log called it the owner's export. Now each is a POST from the admin's
// own button: a GET exports nothing and records nothing, a POST from this site downloads and is
// audited, and a POST from another site is refused like every other write.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function exportsAudited(): number {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return (
      db.prepare("select count(*) as n from audit_log where action like 'export.%'").get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

const EXPORTS = [
  { address: "/admin/newsletter.csv", type: "text/csv; charset=utf-8", body: "" },
  { address: "/admin/enquiries.csv?status=new", type: "text/csv; charset=utf-8", body: "" },
  { address: "/api/privacy/export", type: "application/json", body: "email=someone%40example.ie" },
];

const send = (address: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
  fetch(`${server.baseURL}${address}`, {
    redirect: "manual",
    method: init.method,
    headers: { Cookie: cookie, ...init.headers },
    ...(init.method === "POST" && {
      body: init.body,
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...init.headers },
    }),
  });

describe("a download of people's data", () => {
  it.each(EXPORTS)(
    "$address: a GET, as a link elsewhere would send, exports nothing",
    async ({ address }) => {
      const before = exportsAudited();
      const query = address.includes("privacy") ? "?email=someone%40example.ie" : "";
      const answer = await send(`${address}${query}`, {
        method: "GET",
        headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
      expect(answer.headers.get("content-disposition")).toBeNull();
      expect(exportsAudited()).toBe(before);
    },
  );

  it.each(EXPORTS)("$address: a POST from another site is refused", async ({ address, body }) => {
    const before = exportsAudited();
    const elsewhere: Record<string, string>[] = [
      { Origin: "https://elsewhere.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of elsewhere) {
      const answer = await send(address, { method: "POST", headers, body });
      expect(answer.status).toBe(403);
    }
    expect(exportsAudited()).toBe(before);
  });

  it.each(EXPORTS)("$address: the admin's button (a POST from this site) downloads it", async (item) => {
    const before = exportsAudited();
    const answer = await send(item.address, {
      method: "POST",
      headers: { Origin: server.baseURL, "Sec-Fetch-Site": "same-origin" },
      body: item.body,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain(item.type);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(exportsAudited()).toBe(before + 1);
  });

  it("takes a person's address as JSON from API clients too", async () => {
    const answer = await send("/api/privacy/export", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "someone@example.ie" }),
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).email).toBe("someone@example.ie");
    const refused = await send("/api/privacy/export", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "not an address" }),
    });
    expect(refused.status).toBe(400);
  });
});
