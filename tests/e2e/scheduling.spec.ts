import { globSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer, startServer } from "../../scripts/lib/start-server";
import { unique } from "./support/unique";

// The server runs on a clock the test moves: libfaketime (scripts/ensure-faketime.sh) reads its
// offset from a file on every call. Only the wall clock is moved: timers keep real time.
const libfaketime = globSync("/usr/lib/*/faketime/libfaketime.so.1")[0];
const clockFile = path.join(tmpdir(), `agency-clock-${unique()}`);
const setClock = (offsetSeconds: number) => writeFileSync(clockFile, `+${offsetSeconds}\n`);

let server: RunningServer;
test.beforeAll(async () => {
  test.skip(!libfaketime, "libfaketime is not installed (scripts/ensure-faketime.sh)");
  setClock(0);
  server = await startServer({
    LD_PRELOAD: libfaketime!,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: "1",
    DONT_FAKE_MONOTONIC: "1",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a post scheduled a minute ahead goes live on its own when the server's clock passes it", async ({
  page,
  playwright,
}) => {
  // The scheduler sleeps at most 30 s between looks.
  test.setTimeout(90_000);
  const id = unique();
  const admin = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Cookie: await adminSessionCookie(server.baseURL), Origin: server.baseURL },
  });
  const visitor = await playwright.request.newContext({ baseURL: server.baseURL });
  const title = `Goes live by itself ${id}`;
  const publishAt = new Date(Date.now() + 60_000).toISOString();

  const created = await admin.post("/api/blog", {
    data: { title, excerpt: "Scheduled through the API.", status: "scheduled", publishAt, tags: ["Later"] },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  expect(post).toMatchObject({
    status: "scheduled",
    publishAt: new Date(publishAt).toISOString(),
    publishedAt: null,
  });

  // A draft to every public surface until then.
  const blog = await visitor.get("/blog");
  expect(await blog.text()).not.toContain(title);
  expect((await visitor.get(`/blog/${post.slug}`)).status()).toBe(404);
  expect(await (await visitor.get("/rss.xml")).text()).not.toContain(post.slug);
  expect(await (await visitor.get("/sitemap.xml")).text()).not.toContain(post.slug);
  expect(JSON.stringify(await (await visitor.get("/api/blog")).json())).not.toContain(post.id);

  setClock(120);
  await expect
    .poll(async () => (await visitor.get(`/blog/${post.slug}`)).status(), {
      timeout: 45_000,
      intervals: [1000],
    })
    .toBe(200);
  await page.goto(`${server.baseURL}/blog`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  expect(await (await visitor.get("/rss.xml")).text()).toContain(post.slug);
  expect(await (await visitor.get("/sitemap.xml")).text()).toContain(post.slug);
  const live = await (await admin.get(`/api/blog/${post.slug}`)).json();
  expect(live.status).toBe("published");
  expect(new Date(live.publishedAt).getTime()).toBeGreaterThanOrEqual(new Date(publishAt).getTime());
  expect(server.output()).toContain(`Published scheduled post /blog/${post.slug}`);
  await admin.dispose();
  await visitor.dispose();
});
