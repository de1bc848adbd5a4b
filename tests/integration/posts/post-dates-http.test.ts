// Dates on the public pages are day first, and a scheduled post's preview carries the day it goes live
// (not the day it was written). Against the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer();
  cookie = await adminSessionCookie(server.baseURL);
}, 120_000);
afterAll(() => server?.stop());

describe("a post's date", () => {
  it("is written day first, and a scheduled post's preview shows the day it goes live", async () => {
    const created = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Planned for the new year",
        excerpt: "Written now, live in January.",
        content: "<p>Soon.</p>",
        tags: ["Planning"],
        status: "scheduled",
        publishAt: "2099-01-05T09:30:00Z",
      }),
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const preview = await (
      await fetch(`${server.baseURL}/blog/${slug}`, { headers: { Cookie: cookie } })
    ).text();
    expect(preview).toMatch(/<time dateTime="2099-01-05T09:30:00.000Z">5 January 2099<\/time>/);

    const blog = await (await fetch(`${server.baseURL}/blog`)).text();
    expect(blog).toMatch(
      /<time dateTime="[^"]+">\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}<\/time>/,
    );
  });
});
