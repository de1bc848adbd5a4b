// A post's end over HTTP against the built server: an end missed while the site was down is done when it
// starts again (410, or the owner's redirect, for the page and its Markdown copy; gone from the blog, the
// feed, the sitemap and /llms.txt), and an end set through the API happens on its own at its time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const past = new Date(Date.now() - 60 * 60_000);
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const db = getDb();
  const post = (slug: string, over: Partial<typeof posts.$inferInsert> = {}) =>
    db
      .insert(posts)
      .values({
        title: slug,
        slug,
        excerpt: `${slug} words`,
        content: `<p>${slug} body</p>`,
        status: "published",
        ...over,
      })
      .returning({ id: posts.id })
      .get().id;
  // Their ends came while the site was down.
  post("gone-while-down", { unpublishAt: past });
  post("moved-on-while-down", { unpublishAt: past, endRedirect: "/services/seo" });
  post("ends-through-the-api");
  // Kept before the redirect was read as a browser reads it: a letter outside ASCII (a 500), a loop.
  post("sent-outside-ascii", { unpublishAt: past, endRedirect: "/ｅvil" });
  post("sent-to-b", { unpublishAt: past, endRedirect: "/blog/sent-to-a" });
  post("sent-to-a", { unpublishAt: past, endRedirect: "/blog/sent-to-b/" });
  await createUser("end-owner", PASSWORD);
  ({ server, cookie } = await signedInServer({ account: { username: "end-owner", password: PASSWORD } }));
}, 120_000);
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });

describe("a post that has ended", () => {
  it("tells the signed-in admin it ended and what its visitors get, not that it is a draft", async () => {
    const words = async (path: string) => {
      await expect.poll(async () => (await get(path)).status, { timeout: 10_000 }).not.toBe(200);
      const answer = await get(path, { Cookie: cookie });
      expect(answer.status).toBe(200);
      return (await answer.text()).replaceAll("<!-- -->", "");
    };
    const gone = await words("/blog/gone-while-down");
    expect(gone).toMatch(
      /Ended [^<]*: its address tells visitors it is gone \(410\)\. Only you can see this post\./,
    );
    expect(gone).not.toContain("until it is published");
    const moved = await words("/blog/moved-on-while-down");
    expect(moved).toContain("visitors are sent to /services/seo. Only you can see this post.");
  });

  it("answers 410, or the owner's redirect, once the site is back after missing its minute", async () => {
    await expect.poll(async () => (await get("/blog/gone-while-down")).status, { timeout: 10_000 }).toBe(410);
    const gone = await get("/blog/gone-while-down");
    expect(await gone.text()).toContain("No longer available");
    expect((await get("/blog/gone-while-down.md")).status).toBe(410);
    expect((await get("/blog/gone-while-down", { Accept: "text/markdown" })).status).toBe(410);

    const moved = await get("/blog/moved-on-while-down");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/services/seo"]);
    const movedCopy = await get("/blog/moved-on-while-down.md");
    expect([movedCopy.status, movedCopy.headers.get("location")]).toEqual([301, "/services/seo.md"]);

    const encoded = await get("/blog/sent-outside-ascii");
    expect([encoded.status, encoded.headers.get("location")]).toEqual([301, "/%EF%BD%85vil"]);
    const encodedCopy = await get("/blog/sent-outside-ascii.md");
    expect([encodedCopy.status, encodedCopy.headers.get("location")]).toEqual([301, "/%EF%BD%85vil.md"]);
    // Two posts sent to each other would send a visitor round for ever: both are gone instead.
    for (const path of ["/blog/sent-to-a", "/blog/sent-to-b", "/blog/sent-to-b.md"])
      expect([path, (await get(path)).status]).toEqual([path, 410]);

    for (const path of ["/blog", "/rss.xml", "/sitemap.xml", "/llms.txt", "/api/blog"]) {
      const text = await (await get(path)).text();
      expect([path, text.includes("gone-while-down"), text.includes("moved-on-while-down")]).toEqual([
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
    const post = await (await get("/api/blog/ends-through-the-api")).json();
    const base = {
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      status: "published",
      tags: [],
    };

    const refused = await send(`/api/blog/${post.id}`, { ...base, unpublishAt: past.toISOString() });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("already passed");
    const bad = await send(`/api/blog/${post.id}`, {
      ...base,
      unpublishAt: "2026-12-01T09:00:00Z",
      endRedirect: "//evil.example",
    });
    expect(bad.status).toBe(400);
    // A page the site does not answer: its visitors would be sent on to the 404 page.
    const nowhere = await send(`/api/blog/${post.id}`, {
      ...base,
      unpublishAt: "2026-12-01T09:00:00Z",
      endRedirect: "/services",
    });
    expect(nowhere.status).toBe(400);
    expect(JSON.stringify(await nowhere.json())).toContain("/services is not a page of this site");
    expect((await get("/blog/ends-through-the-api")).status).toBe(200);

    const end = new Date(Date.now() + 1500).toISOString();
    const saved = await send(`/api/blog/${post.id}`, { ...base, unpublishAt: end, endRedirect: null });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ unpublishAt: end, endRedirect: null, endedAt: null });
    await expect
      .poll(async () => (await get("/blog/ends-through-the-api")).status, { timeout: 10_000, interval: 250 })
      .toBe(410);
    expect(await (await get("/rss.xml")).text()).not.toContain("ends-through-the-api");
    const after = getDb().select().from(posts).where(eq(posts.id, post.id)).get();
    expect(after).toMatchObject({ status: "draft", unpublishAt: null, endedAt: expect.any(Date) });
  });
});
