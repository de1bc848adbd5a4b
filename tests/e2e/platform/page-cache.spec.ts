import { expect, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { withDb } from "../support/db";

// The caches must not make denial of service cheap. Checked against a production server of its own so
// nothing else writes to its database between two requests. The page cache says on every answer
// whether it came from memory (`X-Page-Cache: hit`) or was rendered (`miss`); a request that went
// past the cache to the renderer has no such header.
test.describe.configure({ mode: "serial" });

const POST = "/blog/measuring-marketing-roi";
const DRAFT = "/blog/tiktok-for-b2b";

let server: RunningServer;
let admin = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startServer();
  admin = await adminSessionCookie(server.baseURL);
});
test.afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseURL + path, { headers });
const cacheOf = (response: Response) => response.headers.get("x-page-cache");

/** Requests `path` twice (the first may render it) and returns the second answer. */
async function twice(path: string) {
  await (await get(path)).arrayBuffer();
  return get(path);
}

test("a visitor's cookies do not bypass the page cache; only the admin's live session does", async () => {
  for (const path of ["/", "/blog", POST, "/rss.xml"]) {
    const plain = await twice(path);
    expect(cacheOf(plain), path).toBe("hit");
    const withCookies = await get(path, { Cookie: "a=1; _ga=GA1.2.3.4; consent=yes" });
    expect(withCookies.status, path).toBe(200);
    expect(cacheOf(withCookies), path).toBe("hit");
    expect(withCookies.headers.get("etag")).toBe(plain.headers.get("etag"));
  }
  // A session cookie that is forged (or expired) is just another visitor's cookie.
  const sessionName = admin.split("=")[0]!;
  const forged = await get("/blog", { Cookie: `${sessionName}=forged-id.forged-signature` });
  expect(cacheOf(forged)).toBe("hit");
  // The admin's own session goes to the renderer, among other cookies too: it can open a draft.
  const asAdmin = await get(DRAFT, { Cookie: `a=1; ${admin}` });
  expect(asAdmin.status).toBe(200);
  expect(cacheOf(asAdmin)).toBeNull();
  expect(cacheOf(await get("/blog", { Cookie: admin }))).toBeNull();
  expect((await get(DRAFT, { Cookie: "a=1" })).status).toBe(404);
});

test("query parameters a page does not read are dropped: the cached page answers", async () => {
  for (const [path, same] of [
    ["/?x=1", "/"],
    ["/?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "/"],
    ["/services/seo?fbclid=abc", "/services/seo"],
    ["/blog?utm_source=x&n=1", "/blog"],
    [`${POST}?ref=twitter`, POST],
  ] as const) {
    const base = await twice(same);
    for (let i = 0; i < 5; i++) {
      const busted = await get(`${path}&bust=${i}`);
      expect(busted.status, path).toBe(200);
      expect(cacheOf(busted), path).toBe("hit");
      expect(busted.headers.get("etag"), path).toBe(base.headers.get("etag"));
    }
  }

  // The parameters a page reads still make their own page, whatever else comes with them or in
  // which order: the tag filter, the search and the pager on /blog, the category on /work.
  const tagged = await get("/blog?utm_source=a&tag=SEO");
  expect(tagged.headers.get("etag")).not.toBe((await get("/blog")).headers.get("etag"));
  const taggedAgain = await get("/blog?tag=SEO&utm_source=b&fbclid=c");
  expect(cacheOf(taggedAgain)).toBe("hit");
  expect(taggedAgain.headers.get("etag")).toBe(tagged.headers.get("etag"));
  expect(await taggedAgain.text()).toContain("SEO Articles");

  const category = await get("/work?category=Healthcare&utm_source=a");
  const categoryAgain = await get("/work?utm_source=b&category=Healthcare");
  expect(cacheOf(categoryAgain)).toBe("hit");
  expect(categoryAgain.headers.get("etag")).toBe(category.headers.get("etag"));
  expect(category.headers.get("etag")).not.toBe((await twice("/work")).headers.get("etag"));
});

test("a newsletter sign-up or an enquiry keeps the cached blog; publishing a post refreshes it", async () => {
  const paths = ["/blog", POST, "/rss.xml", "/api/blog"];
  const etags = new Map<string, string | null>();
  for (const path of paths) etags.set(path, (await twice(path)).headers.get("etag"));

  const origin = { Origin: server.baseURL };
  const signUp = (email: string, path = "/blog") =>
    fetch(server.baseURL + path, {
      method: "POST",
      headers: { ...origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=subscribe&email=${encodeURIComponent(email)}`,
      redirect: "manual",
    });
  // A sign-up is stored and answered with a redirect, not a render: the page it leads to (which
  // thanks the reader) is kept like any other, so a stream of sign-ups costs no renders.
  for (let i = 0; i < 3; i++) {
    const signup = await signUp(`reader-${i}@example.ie`, "/blog?tag=SEO");
    expect(signup.status).toBe(303);
    expect(signup.headers.get("location")).toBe("/blog?tag=SEO&subscribed=1#newsletter");
  }
  const thanked = await twice("/blog?tag=SEO&subscribed=1");
  expect(cacheOf(thanked)).toBe("hit");
  expect(await thanked.text()).toContain("check your inbox and open the link");
  // A known address gets the same answer (the list is nobody's business).
  const again = await signUp("READER-0@example.ie");
  expect(again.headers.get("location")).toBe("/blog?subscribed=1#newsletter");
  expect((await signUp("not-an-email")).status).toBe(400);
  const enquiry = await fetch(`${server.baseURL}/api/contact`, {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Aoife Byrne",
      email: "aoife@example.ie",
      goals: "More leads from search.",
    }),
  });
  expect(enquiry.status).toBe(201);
  for (const path of paths) {
    const after = await get(path);
    expect(cacheOf(after), path).toBe("hit");
    expect(after.headers.get("etag"), path).toBe(etags.get(path));
  }

  const created = await fetch(`${server.baseURL}/api/blog`, {
    method: "POST",
    headers: { ...origin, Cookie: admin, "Content-Type": "application/json" },
    body: JSON.stringify({
      title: "Fresh From The Press",
      excerpt: "Just published.",
      content: "<p>New</p>",
      tags: ["News"],
      status: "published",
    }),
  });
  expect(created.status).toBe(201);
  for (const path of paths) {
    const after = await get(path);
    expect(cacheOf(after), path).toBe("miss");
    expect(after.headers.get("etag"), path).not.toBe(etags.get(path));
    expect(cacheOf(await get(path)), path).toBe("hit");
  }
  expect(await (await get("/blog")).text()).toContain("Fresh From The Press");
  expect(await (await get("/rss.xml")).text()).toContain("Fresh From The Press");
});

test("the feed carries the newest 20 posts and is kept until the posts change", async () => {
  addPosts(25);
  const response = await get("/rss.xml");
  expect(response.status).toBe(200);
  const items = new XMLParser().parse(await response.text()).rss.channel.item as { title: string }[];
  expect(items).toHaveLength(20);
  expect(items[0]!.title).toBe("Bulk post 24");
  expect(items.map((i) => i.title)).not.toContain("Bulk post 4");
  expect(response.headers.get("cache-control")).toBe(
    "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  );
  const again = await get("/rss.xml");
  expect(cacheOf(again)).toBe("hit");
  const etag = response.headers.get("etag")!;
  expect(etag).toMatch(/^W\/".+"$/);
  expect((await get("/rss.xml", { "If-None-Match": etag })).status).toBe(304);
});

test("/api/blog answers a page at a time, with its size and links in headers, cacheable", async () => {
  // 6 seeded + 1 published by the admin + 25 bulk posts.
  const total = 32;
  const first = await get("/api/blog");
  expect(first.status).toBe(200);
  const firstPage = (await first.json()) as { slug: string; status: string }[];
  expect(firstPage).toHaveLength(20);
  expect(firstPage[0]!.slug).toBe("bulk-post-24");
  expect(first.headers.get("x-total-count")).toBe(String(total));
  const link = first.headers.get("link")!;
  expect(link).toContain(`<${server.baseURL}/api/blog?page=2&limit=20>; rel="next"`);
  expect(link).toContain(`<${server.baseURL}/api/blog?page=2&limit=20>; rel="last"`);
  expect(link).not.toContain('rel="prev"');
  expect(first.headers.get("cache-control")).toBe(
    "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  );
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^W\/".+"$/);
  expect((await get("/api/blog", { "If-None-Match": etag })).status).toBe(304);
  expect(cacheOf(await get("/api/blog?utm_source=x"))).toBe("hit");

  // The old call is the first page of the explicit one.
  const explicit = (await (await get("/api/blog?page=1&limit=20")).json()) as { slug: string }[];
  expect(explicit.map((p) => p.slug)).toEqual(firstPage.map((p) => p.slug));
  const second = await get("/api/blog?page=2&limit=20");
  const secondPage = (await second.json()) as { slug: string }[];
  expect(secondPage).toHaveLength(total - 20);
  expect(second.headers.get("link")).not.toContain('rel="next"');
  expect(new Set([...firstPage, ...secondPage].map((p) => p.slug)).size).toBe(total);

  const published = await get("/api/blog?status=published&page=3&limit=5");
  expect((await published.json()) as unknown[]).toHaveLength(5);
  expect(published.headers.get("link")).toContain("status=published&page=4&limit=5");
  expect(((await (await get("/api/blog?limit=50")).json()) as unknown[]).length).toBe(total);

  const tooMany = await get("/api/blog?limit=51");
  expect(tooMany.status).toBe(400);
  expect(await tooMany.json()).toMatchObject({ error: "Invalid query", issues: [{ path: "limit" }] });
  expect((await get("/api/blog?page=0")).status).toBe(400);
});

/** Published posts written straight into the database (an import by the operator), oldest first. */
function addPosts(count: number) {
  withDb((db) => {
    const insert = db.prepare(
      "insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at) values (?, ?, ?, ?, ?, '[]', 'published', ?, ?)",
    );
    const start = Date.now() + 60_000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const when = start + i * 1000;
        insert.run(`bulk-${i}`, `Bulk post ${i}`, `bulk-post-${i}`, "An excerpt.", "<p>Body</p>", when, when);
      }
    })();
  }, server.databasePath);
}
