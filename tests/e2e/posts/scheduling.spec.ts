import { expect, request, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { clockedServers, libfaketime } from "../support/clock";
import { unique } from "../support/unique";

const servers = clockedServers();
test.beforeEach(() => {
  test.skip(!libfaketime, "libfaketime is not installed (scripts/ensure-faketime.sh)");
});
test.afterEach(() => servers.stopAll());

async function schedule(server: RunningServer, title: string, publishAt: string) {
  const admin = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Cookie: await adminSessionCookie(server.baseURL), Origin: server.baseURL },
  });
  const created = await admin.post("/api/blog", {
    data: { title, excerpt: "Scheduled through the API.", status: "scheduled", publishAt, tags: ["Later"] },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  await admin.dispose();
  return post as { id: string; slug: string; status: string; publishAt: string; publishedAt: string | null };
}

test("a post scheduled a minute ahead goes live on its own when the server's clock passes it", async ({
  page,
  playwright,
}) => {
  // The scheduler looks at least every 5 s.
  test.setTimeout(90_000);
  const { server, clock } = await servers.start();
  const visitor = await playwright.request.newContext({ baseURL: server.baseURL });
  const title = `Goes live by itself ${unique()}`;
  const publishAt = new Date(Date.now() + 60_000).toISOString();
  const post = await schedule(server, title, publishAt);
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

  clock.set(120);
  await expect
    .poll(async () => (await visitor.get(`/blog/${post.slug}`)).status(), {
      timeout: 30_000,
      intervals: [250],
    })
    .toBe(200);
  await page.goto(`${server.baseURL}/blog`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  expect(await (await visitor.get("/rss.xml")).text()).toContain(post.slug);
  expect(await (await visitor.get("/sitemap.xml")).text()).toContain(post.slug);
  const live = await (await visitor.get(`/api/blog/${post.slug}`)).json();
  expect(live.status).toBe("published");
  expect(new Date(live.publishedAt).getTime()).toBeGreaterThanOrEqual(new Date(publishAt).getTime());
  expect(server.output()).toContain(`Published scheduled post /blog/${post.slug}`);
  await visitor.dispose();
});

test("a schedule missed while the site was down is published when it starts again", async () => {
  const { server, clock } = await servers.start();
  const post = await schedule(
    server,
    `Missed while down ${unique()}`,
    new Date(Date.now() + 60_000).toISOString(),
  );
  expect(await server.kill("SIGTERM")).toBe(0);
  clock.set(120);
  const { server: again } = await servers.start({ server, clock });
  const page = await fetch(`${again.baseURL}/blog/${post.slug}`);
  expect(page.status).toBe(200);
  expect(again.output()).toContain(`Published scheduled post /blog/${post.slug}`);
});
