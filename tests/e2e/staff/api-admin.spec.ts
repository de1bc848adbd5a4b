import { type APIRequestContext, expect, test } from "@playwright/test";

import { E2E_ADMIN, startServer } from "../../../scripts/lib/start-server";
import { signInWithForm } from "../support/auth";
import { withDb } from "../support/db";
import { unique } from "../support/unique";

const json = { "Content-Type": "application/json" };

async function login(request: APIRequestContext) {
  const response = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return response;
}

const newPost = (id: string, over: Record<string, unknown> = {}) => ({
  title: `API post ${id}`,
  excerpt: "Made through the API.",
  content: "<p>Hello</p><script>alert(1)</script>",
  coverImage: null,
  videoUrl: null,
  tags: ["API", "Testing"],
  status: "draft",
  ...over,
});

test.describe("the auth API @mutates", () => {
  test("user, login and logout answer as the contract says", async ({ request }) => {
    expect((await request.get("/api/auth/user")).status()).toBe(401);
    const missing = await request.post("/api/auth/login", { data: { username: "admin" } });
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: "Username and password are required",
      issues: [{ path: "password" }],
    });
    const wrong = await request.post("/api/auth/login", {
      data: { username: "admin", password: "wrong-password" },
    });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid username or password" });

    const ok = await login(request);
    const cookie = ok.headers()["set-cookie"];
    expect(cookie).toMatch(/__session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const body = await ok.json();
    // The user with their role (owner or editor) and the name their posts show.
    expect(body).toEqual({ id: expect.any(String), username: "admin", role: "owner", name: "" });
    expect(JSON.stringify(body)).not.toContain("scrypt");
    const me = await request.get("/api/auth/user");
    expect(await me.json()).toEqual(body);
    expect(me.headers()["cache-control"]).toBe("private, no-store");

    const out = await request.post("/api/auth/logout");
    expect(out.status()).toBe(200);
    expect(out.headers()["set-cookie"]).toMatch(/__session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a logged-out session is gone on the server too", async ({ request, playwright, baseURL }) => {
    const response = await login(request);
    const cookie = response.headers()["set-cookie"]!.split(";")[0]!;
    await request.post("/api/auth/logout");
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
    expect((await replay.get("/api/auth/user")).status()).toBe(401);
    await replay.dispose();
  });

  test("a forged or expired cookie is not a session", async ({ request, playwright, baseURL }) => {
    const forged = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: "__session=forged-value.signature" },
    });
    expect((await forged.get("/api/auth/user")).status()).toBe(401);
    expect((await forged.post("/api/blog", { data: newPost(unique()) })).status()).toBe(401);
    await forged.dispose();

    const cookie = (await login(request)).headers()["set-cookie"]!.split(";")[0]!;
    // The cookie holds the signed session id: base64 JSON, a dot, the signature.
    const signed = decodeURIComponent(cookie.slice("__session=".length));
    const sessionId = JSON.parse(
      Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8"),
    );
    const changed = withDb((db) =>
      db.prepare("update sessions set expires_at = ? where id = ?").run(Date.now() - 1000, sessionId),
    );
    expect(changed.changes).toBe(1);
    const expired = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
    expect((await expired.get("/api/auth/user")).status()).toBe(401);
    await expired.dispose();
  });
});

// On a server of its own: signing out "all other devices" would end the sessions of every test
// running beside it on the shared server (it did: a concurrent API test got 401s).
test.describe("signed-in devices", () => {
  test("the admin sees both devices and signs the other one out", async ({ browser }) => {
    const server = await startServer();
    const laptop = await browser.newContext({ baseURL: server.baseURL });
    const phone = await browser.newContext({ baseURL: server.baseURL });
    try {
      const [here, there] = [await laptop.newPage(), await phone.newPage()];
      await signInWithForm(here);
      await signInWithForm(there);

      await here.goto("/admin/sessions");
      await expect(here.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
      const devices = here.getByRole("listitem").filter({ hasText: "last active" });
      await expect(devices).toHaveCount(2);
      await expect(devices.filter({ has: here.getByText("This device", { exact: true }) })).toHaveCount(1);

      await here.getByRole("button", { name: "Sign out the other device" }).click();
      await expect(devices).toHaveCount(1);
      await there.goto("/admin/posts");
      await expect(there).toHaveURL("/admin/login");
      await here.goto("/admin/posts");
      await expect(here).toHaveURL("/admin/posts");
    } finally {
      await laptop.close();
      await phone.close();
      await server.stop();
    }
  });
});

test.describe("the blog write API @mutates", () => {
  test("needs a session for every write", async ({ request }) => {
    expect((await request.post("/api/blog", { data: newPost(unique()) })).status()).toBe(401);
    expect((await request.put("/api/blog/some-id", { data: newPost(unique()) })).status()).toBe(401);
  });

  test("creates, updates, rejects bad bodies and conflicts, and never deletes", async ({ request }) => {
    await login(request);
    const id = unique();
    const created = await request.post("/api/blog", { data: newPost(id) });
    expect(created.status()).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({
      slug: `api-post-${id}`,
      status: "draft",
      tags: ["API", "Testing"],
      content: "<p>Hello</p>",
    });

    const all = await (await request.get("/api/blog")).json();
    expect(all.map((p: { id: string }) => p.id)).toContain(post.id);
    expect((await request.get(`/api/blog/api-post-${id}`)).status()).toBe(200);

    const updated = await request.put(`/api/blog/${post.id}`, {
      data: newPost(id, { title: `API post ${id} v2`, status: "published" }),
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({ slug: `api-post-${id}-v2`, status: "published" });

    expect((await request.put("/api/blog/no-such-id", { data: newPost(unique()) })).status()).toBe(404);

    const invalid = await request.post("/api/blog", { data: { title: "", excerpt: 5, tags: "x" } });
    expect(invalid.status()).toBe(400);
    const problems = await invalid.json();
    expect(problems.error).toBe("Invalid post");
    expect(problems.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["title", "excerpt"]),
    );

    const conflict = await request.post("/api/blog", {
      data: newPost(unique(), { title: `API post ${id} v2` }),
    });
    expect(conflict.status()).toBe(409);

    expect(
      (
        await request.post("/api/blog", { headers: { "Content-Type": "text/plain" }, data: "hello" })
      ).status(),
    ).toBe(415);
    expect((await request.post("/api/blog", { headers: json, data: "{not json" })).status()).toBe(400);
    expect((await request.delete(`/api/blog/${post.id}`)).status()).toBe(405);
    expect(withDb((db) => db.prepare("select count(*) as n from posts where id = ?").get(post.id))).toEqual({
      n: 1,
    });
  });

  test("refuses cross-origin writes with 403, even with a valid session", async ({ request }) => {
    await login(request);
    // Counted by their own titles: the other writing tests add posts to this server meanwhile.
    const [api, put, form] = [unique(), unique(), unique()];
    const response = await request.post("/api/blog", {
      headers: { Origin: "https://evil.example" },
      data: newPost(api),
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site requests are not allowed" });
    const fetchSite = await request.put("/api/blog/x", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      data: newPost(put),
    });
    expect(fetchSite.status()).toBe(403);
    const posted = await request.post("/admin/posts", {
      headers: { Origin: "https://evil.example" },
      form: { title: `API post ${form}`, excerpt: "y" },
    });
    expect(posted.status()).toBe(403);
    const titles = [api, put, form].map((id) => `API post ${id}`);
    expect(
      withDb((db) => db.prepare("select count(*) as n from posts where title in (?, ?, ?)").get(...titles)),
    ).toEqual({ n: 0 });
  });
});
