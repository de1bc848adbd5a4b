// A case study's end over HTTP against the built server: an end missed while the site was down is done
// when it starts again (410, or the owner's redirect, for the page and its Markdown copy; gone from
// /work, the sitemap and /llms.txt), and an end set through the API happens on its own at its time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const past = new Date(Date.now() - 60 * 60_000);
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const study = (slug: string, over: Partial<typeof caseStudies.$inferInsert> = {}) =>
    getDb()
      .insert(caseStudies)
      .values({
        title: slug,
        slug,
        clientName: "A client",
        excerpt: `${slug} words`,
        body: `<p>${slug} body</p>`,
        category: "Ending",
        status: "published",
        ...over,
      })
      .run();
  // Their ends came while the site was down.
  study("study-gone-while-down", { unpublishAt: past });
  study("study-moved-on-while-down", { unpublishAt: past, endRedirect: "/services/seo" });
  study("study-ends-through-the-api");
  study("study-sent-to-b", { unpublishAt: past, endRedirect: "/work/study-sent-to-a" });
  study("study-sent-to-a", { unpublishAt: past, endRedirect: "/work/study-sent-to-b/" });
  await createUser("study-end-owner", PASSWORD);
  ({ server, cookie } = await signedInServer({
    account: { username: "study-end-owner", password: PASSWORD },
  }));
}, 120_000);
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });

describe("a case study that has ended", () => {
  it("tells the signed-in admin it ended and what its visitors get, not that it is a draft", async () => {
    const words = async (path: string) => {
      await expect.poll(async () => (await get(path)).status, { timeout: 10_000 }).not.toBe(200);
      const answer = await get(path, { Cookie: cookie });
      expect(answer.status).toBe(200);
      return (await answer.text()).replaceAll("<!-- -->", "");
    };
    const gone = await words("/work/study-gone-while-down");
    expect(gone).toMatch(
      /Ended [^<]*: its address tells visitors it is gone \(410\)\. Only you can see this case study\./,
    );
    expect(gone).not.toContain("until it is published");
    const moved = await words("/work/study-moved-on-while-down");
    expect(moved).toContain("visitors are sent to /services/seo. Only you can see this case study.");
  });

  it("answers 410, or the owner's redirect, once the site is back after missing its minute", async () => {
    await expect
      .poll(async () => (await get("/work/study-gone-while-down")).status, { timeout: 10_000 })
      .toBe(410);
    expect(await (await get("/work/study-gone-while-down")).text()).toContain("No longer available");
    expect((await get("/work/study-gone-while-down.md")).status).toBe(410);

    const moved = await get("/work/study-moved-on-while-down");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/services/seo"]);
    // Two studies sent to each other would send a visitor round for ever: both are gone instead.
    for (const path of ["/work/study-sent-to-a", "/work/study-sent-to-b"])
      expect([path, (await get(path)).status]).toEqual([path, 410]);

    for (const path of ["/work", "/sitemap.xml", "/llms.txt", "/llms-full.txt", "/api/work"]) {
      const text = await (await get(path)).text();
      expect([path, text.includes("study-gone-while-down"), text.includes("study-moved-on")]).toEqual([
        path,
        false,
        false,
      ]);
    }
  });

  it("ends on its own at the time the API gave it, and an end in the past changes nothing", async () => {
    const send = (path: string, body: unknown) =>
      fetch(`${server.baseURL}${path}`, {
        method: "PUT",
        headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const study = await (await get("/api/work/study-ends-through-the-api")).json();
    const base = {
      title: study.title,
      slug: study.slug,
      clientName: study.clientName,
      category: study.category,
      excerpt: study.excerpt,
      body: study.body,
      status: "published",
    };

    const refused = await send(`/api/work/${study.id}`, { ...base, unpublishAt: past.toISOString() });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("already passed");
    for (const bad of [
      { unpublishAt: "2026-12-01T09:00:00Z", endRedirect: "//evil.example" },
      { unpublishAt: "not a time" },
      { unpublishAt: { __proto__: { at: 1 } } },
      { endRedirect: ["/work"] },
    ])
      expect((await send(`/api/work/${study.id}`, { ...base, ...bad })).status).toBe(400);
    expect((await get("/work/study-ends-through-the-api")).status).toBe(200);

    const end = new Date(Date.now() + 1500).toISOString();
    const saved = await send(`/api/work/${study.id}`, { ...base, unpublishAt: end, endRedirect: null });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ unpublishAt: end, endRedirect: null, endedAt: null });
    await expect
      .poll(async () => (await get("/work/study-ends-through-the-api")).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(410);
    expect(await (await get("/work")).text()).not.toContain("study-ends-through-the-api");
    const after = getDb().select().from(caseStudies).where(eq(caseStudies.id, study.id)).get();
    expect(after).toMatchObject({ status: "draft", unpublishAt: null, endedAt: expect.any(Date) });
  });
});
