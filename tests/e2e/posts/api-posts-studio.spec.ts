import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { withDb } from "../support/db";
import { unique } from "../support/unique";

async function login(request: APIRequestContext) {
  expect((await request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
}

const newPost = (id: string, over: Record<string, unknown> = {}) => ({
  title: `Studio post ${id}`,
  excerpt: "Written in the studio.",
  content: "<p>First words</p>",
  tags: ["Studio"],
  status: "published",
  ...over,
});

const pathsOf = async (response: { json: () => Promise<{ issues?: { path: string }[] }> }) =>
  ((await response.json()).issues ?? []).map((i) => i.path);

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

test.describe("the writing studio's post API @mutates", () => {
  test("takes and returns the search, sharing and address fields; the post page uses them", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await login(request);
    const id = unique();
    // A cover of its own, just uploaded: the library has no description for it yet (a seeded post's
    // cover has one already, which the words typed below would not replace).
    const uploaded = await request.post("/api/media", {
      multipart: {
        file: {
          name: `cover-${id}.jpg`,
          mimeType: "image/jpeg",
          buffer: await sharp({
            create: {
              width: 640,
              height: 360,
              channels: 3,
              background: `#${Math.floor(Math.random() * 0xffffff)
                .toString(16)
                .padStart(6, "0")}`,
            },
          })
            .jpeg()
            .toBuffer(),
        },
      },
    });
    expect(uploaded.status()).toBe(201);
    const cover = ((await uploaded.json()) as { url: string }).url;
    const created = await request.post("/api/blog", {
      data: newPost(id, {
        slug: `Chosen Address ${id}`,
        coverImage: cover,
        coverAlt: "A chart of leads rising",
        seoTitle: `Search title ${id}`,
        seoDescription: "What the search result says.",
        socialImage: "/og-default.png",
      }),
    });
    expect(created.status()).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({
      slug: `chosen-address-${id}`,
      coverAlt: "A chart of leads rising",
      seoTitle: `Search title ${id}`,
      seoDescription: "What the search result says.",
      socialImage: "/og-default.png",
      publishAt: null,
    });
    expect(post.publishedAt).toEqual(expect.any(String));

    const visitor = await playwright.request.newContext({ baseURL });
    const html = await (await visitor.get(`/blog/${post.slug}`)).text();
    expect(html).toContain(`<title>Search title ${id}</title>`);
    expect(metaContent(html, "description")).toBe("What the search result says.");
    expect(metaContent(html, "og:image")).toBe(`${baseURL}/og-default.png`);
    expect(metaContent(html, "twitter:image")).toBe(`${baseURL}/og-default.png`);
    expect(metaContent(html, "twitter:image:alt")).toBe(`Studio post ${id}`);
    expect(html).toMatch(/<img[^>]* alt="A chart of leads rising"/);

    // Empty fields fall back to the title, the excerpt and the post's own social card (decision 024);
    // the live post keeps its address.
    const cleared = await request.put(`/api/blog/${post.id}`, {
      data: newPost(id, {
        title: `Renamed ${id}`,
        coverImage: cover,
        seoTitle: "",
        seoDescription: "",
        socialImage: null,
      }),
    });
    expect(cleared.status()).toBe(200);
    expect(await cleared.json()).toMatchObject({
      slug: post.slug,
      seoTitle: null,
      socialImage: null,
      coverAlt: null,
    });
    const fallback = await (await visitor.get(`/blog/${post.slug}`)).text();
    expect(fallback).toContain(`<title>Renamed ${id} | Northwall Digital</title>`);
    expect(metaContent(fallback, "description")).toBe("Written in the studio.");
    expect(metaContent(fallback, "og:image")).toMatch(
      new RegExp(`^${baseURL}/uploads/cards/post-${post.id}-[0-9a-f]{16}\\.jpg$`),
    );
    expect(metaContent(fallback, "twitter:image:alt")).toBe(`Renamed ${id} — Studio, Northwall Digital`);
    // The cover's words were given to the library when first typed: left empty here, the library's show.
    expect(fallback).toMatch(/<img[^>]* alt="A chart of leads rising"/);
    await visitor.dispose();
  });

  test("refuses bad fields with a 400 naming them, a taken address with 409, and changes nothing", async ({
    request,
  }) => {
    await login(request);
    const id = unique();
    const bad = await request.post("/api/blog", {
      data: newPost(id, {
        seoTitle: "x".repeat(71),
        socialImage: "https://evil.example/x.png",
        publishAt: "soon",
      }),
    });
    expect(bad.status()).toBe(400);
    expect((await pathsOf(bad)).sort()).toEqual(["publishAt", "seoTitle", "socialImage"]);

    const past = await request.post("/api/blog", {
      data: newPost(id, { status: "scheduled", publishAt: "2020-01-01T09:00:00Z" }),
    });
    expect(past.status()).toBe(400);
    expect(await past.json()).toMatchObject({
      issues: [{ path: "publishAt", message: expect.stringContaining("passed") }],
    });
    const missing = await request.post("/api/blog", { data: newPost(id, { status: "scheduled" }) });
    expect(await pathsOf(missing)).toEqual(["publishAt"]);
    const noLetters = await request.post("/api/blog", { data: newPost(id, { slug: "---" }) });
    expect(await pathsOf(noLetters)).toEqual(["slug"]);

    const first = await (await request.post("/api/blog", { data: newPost(id) })).json();
    const taken = await request.post("/api/blog", { data: newPost(unique(), { slug: first.slug }) });
    expect(taken.status()).toBe(409);
    expect(
      withDb((db) =>
        db.prepare("select count(*) as n from posts where title like ?").get(`Studio post ${id}%`),
      ),
    ).toEqual({ n: 1 });
  });

  test("a scheduled post is the admin's only until its time", async ({ request, playwright, baseURL }) => {
    await login(request);
    const id = unique();
    const publishAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const post = await (
      await request.post("/api/blog", { data: newPost(id, { status: "scheduled", publishAt }) })
    ).json();
    expect(post).toMatchObject({ status: "scheduled", publishAt, publishedAt: null });
    const scheduled = await (await request.get("/api/blog?status=scheduled&limit=50")).json();
    expect(scheduled.map((p: { id: string }) => p.id)).toContain(post.id);

    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(`/api/blog/${post.slug}`)).status()).toBe(404);
    expect((await visitor.get("/api/blog?status=scheduled")).status()).toBe(401);
    expect(await (await visitor.get(`/blog?q=${encodeURIComponent(post.title)}`)).text()).not.toContain(
      post.slug,
    );
    await visitor.dispose();
  });

  test("revisions: listed newest first, read, restored (401 and 404 as for posts)", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get("/api/blog/x/revisions")).status()).toBe(401);
    expect((await visitor.get("/api/blog/x/revisions/y")).status()).toBe(401);
    expect((await visitor.post("/api/blog/x/revisions/y/restore")).status()).toBe(401);
    await visitor.dispose();

    await login(request);
    const id = unique();
    expect((await request.get("/api/blog/no-such-post/revisions")).status()).toBe(404);
    const post = await (await request.post("/api/blog", { data: newPost(id) })).json();
    await request.put(`/api/blog/${post.id}`, { data: newPost(id, { content: "<p>Second words</p>" }) });

    const list = await (await request.get(`/api/blog/${post.id}/revisions`)).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ title: post.title, slug: post.slug, author: E2E_ADMIN.username });
    expect(Object.keys(list[0]).sort()).toEqual(["author", "createdAt", "id", "slug", "status", "title"]);
    const oldest = await (await request.get(`/api/blog/${post.id}/revisions/${list[1].id}`)).json();
    expect(oldest.snapshot).toMatchObject({ content: "<p>First words</p>", tags: ["Studio"] });
    expect((await request.get(`/api/blog/${post.id}/revisions/nope`)).status()).toBe(404);

    const restored = await request.post(`/api/blog/${post.id}/revisions/${list[1].id}/restore`);
    expect(restored.status()).toBe(200);
    expect(await restored.json()).toMatchObject({
      id: post.id,
      content: "<p>First words</p>",
      slug: post.slug,
    });
    expect(await (await request.get(`/api/blog/${post.id}/revisions`)).json()).toHaveLength(3);
    expect((await request.post(`/api/blog/${post.id}/revisions/nope/restore`)).status()).toBe(404);
    expect((await request.get(`/api/blog/${post.id}/revisions/${list[1].id}/restore`)).status()).toBe(405);
  });

  test("autosave keeps the admin's unsaved work until the post is saved", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get("/api/blog/autosave?postKey=new")).status()).toBe(401);
    expect((await visitor.put("/api/blog/autosave", { data: { postKey: "new", values: {} } })).status()).toBe(
      401,
    );
    await visitor.dispose();

    await login(request);
    const id = unique();
    const post = await (await request.post("/api/blog", { data: newPost(id) })).json();
    expect((await request.get(`/api/blog/autosave?postKey=${post.id}`)).status()).toBe(404);
    expect((await request.get("/api/blog/autosave")).status()).toBe(400);
    const bad = await request.put("/api/blog/autosave", {
      data: { postKey: post.id, values: { tags: ["x"] } },
    });
    expect(bad.status()).toBe(400);
    expect(await pathsOf(bad)).toEqual(["values.tags"]);
    expect(
      (await request.put("/api/blog/autosave", { data: { postKey: "no-such-post", values: {} } })).status(),
    ).toBe(404);

    const values = { title: `Half-written ${id}`, content: "<p>Unfinished <b>bold", status: "draft" };
    const kept = await request.put("/api/blog/autosave", { data: { postKey: post.id, values } });
    expect(kept.status()).toBe(200);
    expect(await kept.json()).toEqual({ updatedAt: expect.any(String) });
    const back = await request.get(`/api/blog/autosave?postKey=${post.id}`);
    expect(back.headers()["cache-control"]).toBe("private, no-store");
    expect(await back.json()).toEqual({ values, updatedAt: expect.any(String) });

    await request.put(`/api/blog/${post.id}`, { data: newPost(id, { excerpt: "Saved for real." }) });
    expect((await request.get(`/api/blog/autosave?postKey=${post.id}`)).status()).toBe(404);

    await request.put("/api/blog/autosave", { data: { postKey: "new", values: { title: "New one" } } });
    expect((await request.delete("/api/blog/autosave?postKey=new")).status()).toBe(204);
    expect((await request.get("/api/blog/autosave?postKey=new")).status()).toBe(404);
  });

  test("the editor's form passes the new fields through, its publish time read as Dublin time", async ({
    request,
  }) => {
    await login(request);
    const id = unique();
    const response = await request.post("/admin/posts", {
      form: {
        intent: "save",
        title: `Form post ${id}`,
        excerpt: "From the form.",
        content: "<p>Form</p>",
        tags: "Studio",
        status: "scheduled",
        slug: `form-address-${id}`,
        coverAlt: "Form alt",
        seoTitle: "Form search title",
        seoDescription: "Form search description",
        socialImage: "/og-default.png",
        publishAt: "2099-07-01T10:00",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const row = withDb((db) =>
      db
        .prepare(
          "select slug, status, cover_alt, seo_title, seo_description, social_image, publish_at from posts where title = ?",
        )
        .get(`Form post ${id}`),
    );
    expect(row).toEqual({
      slug: `form-address-${id}`,
      status: "scheduled",
      cover_alt: "Form alt",
      seo_title: "Form search title",
      seo_description: "Form search description",
      social_image: "/og-default.png",
      publish_at: Date.parse("2099-07-01T09:00:00Z"),
    });
  });
});
