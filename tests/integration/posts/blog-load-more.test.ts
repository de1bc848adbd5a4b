// The blog's "Load more articles", read as HTML from the built server without a browser: a plain link
// that works before any JavaScript runs, with Previous/Next pages kept beside it.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
let total = 0;
beforeAll(async () => {
  server = await startServer();
  const db = new Database(server.databasePath);
  const insert = db.prepare(
    "insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at) values (?, ?, ?, ?, ?, '[]', 'published', ?, ?)",
  );
  for (let i = 0; i < 25; i++) {
    const at = Date.UTC(2019, 0, 1 + i);
    insert.run(`more-${i}`, `Older note ${i}`, `older-note-${i}`, "An older note.", "<p>Note</p>", at, at);
  }
  // Two topics one letter-case apart, as an imported blog can have: each is a topic of its own.
  for (const tag of ["Markup", "markup"]) {
    const at = Date.UTC(2018, 0, 1);
    insert.run(`cased-${tag}`, `Filed under ${tag}`, `filed-under-${tag}`, "A note.", "<p>Note</p>", at, at);
    db.prepare("insert into post_tags (post_id, tag) values (?, ?)").run(`cased-${tag}`, tag);
  }
  total = (db.prepare("select count(*) from posts where status = 'published'").pluck().get() as number) ?? 0;
  db.close();
}, 120_000);
afterAll(() => server?.stop());

const page = async (path: string) => {
  const response = await fetch(server.baseURL + path);
  return { status: response.status, html: await response.text() };
};
const articles = (html: string) => html.match(/<article\b/g)?.length ?? 0;
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const relNext = (html: string) => /<link rel="next" href="([^"]+)"/.exec(html)?.[1];

describe("Load more articles", () => {
  it("is a plain link from twelve articles to twenty-four, with the next page still linked", async () => {
    expect(total).toBeGreaterThan(24);
    const first = await page("/blog");
    expect(articles(first.html)).toBe(12);
    expect(first.html).toMatch(/<a href="\/blog\?show=24"[^>]*data-grow="[^"]+"[^>]*>Load more articles/);
    expect(first.html).toContain(`(12 of ${total} shown)`);
    expect(first.html).toMatch(/<a href="\/blog\?page=2" rel="next"/);

    const more = await page("/blog?show=24");
    expect(more.status).toBe(200);
    expect(articles(more.html)).toBe(24);
    expect(more.html).toMatch(/<a href="\/blog\?show=36"[^>]*>Load more articles/);
    // Pages 1 and 2 are shown: Next goes on to page 3, and the address to share stays /blog.
    expect(more.html).toMatch(/<a href="\/blog\?page=3" rel="next"/);
    expect(relNext(more.html)).toMatch(/\/blog\?page=3$/);
    expect(canonical(more.html)).toMatch(/\/blog$/);
  });

  it("stops at the last article, and keeps the search and topic with the link", async () => {
    const all = await page(`/blog?show=${Math.ceil(total / 12) * 12}`);
    expect(articles(all.html)).toBe(total);
    expect(all.html).not.toContain("Load more articles");
    expect(all.html).not.toContain('rel="next"');

    const searched = await page("/blog?q=Older+note");
    expect(searched.html).toMatch(/<a href="\/blog\?q=Older\+note&amp;show=24"[^>]*>Load more articles/);
  });

  it("reads a hostile count as the first twelve or the cap, never an error", async () => {
    for (const show of ["-1", "abc", "1e400", "99999999999999999999", "__proto__", "0"]) {
      const { status, html } = await page(`/blog?show=${show}`);
      expect(status, show).toBe(200);
      expect(articles(html), show).toBe(12);
    }
    const huge = await page("/blog?show=100000");
    expect(huge.status).toBe(200);
    expect(articles(huge.html)).toBe(Math.min(total, 120));
  });

  it("a deeper page stays one page of twelve with Previous and Next", async () => {
    const second = await page("/blog?page=2");
    expect(articles(second.html)).toBe(12);
    expect(second.html).not.toContain("Load more articles");
    expect(second.html).toMatch(/<a href="\/blog" rel="prev"/);
    expect(second.html).toMatch(/<a href="\/blog\?page=3" rel="next"/);
    expect(second.html).toMatch(/<link rel="prev" href="[^"]*\/blog"/);
    // Past the last page: a 404 that names no page before it (page 98 was one more 404).
    const past = await page("/blog?page=99");
    expect(past.status).toBe(404);
    expect(past.html).not.toMatch(/<link rel="(prev|next)"/);
  });

  it("answers a topic no article carries as no page of the site, and a search in a topic as a page", async () => {
    const nothing = await page("/blog?tag=No+such+topic");
    // The empty list with its way back, as a 404 so that search engines do not keep it.
    expect(nothing.status).toBe(404);
    expect(articles(nothing.html)).toBe(0);
    // However long: once dropped, it answered the whole blog at each such address.
    const overlong = await page(`/blog?tag=${"x".repeat(5000)}`);
    expect([overlong.status, articles(overlong.html)]).toEqual([404, 0]);
    const known = /href="\/blog\?tag=([^"&]+)"/.exec((await page("/blog")).html)?.[1];
    expect(known).toBeDefined();
    expect((await page(`/blog?tag=${known}`)).status).toBe(200);
    expect((await page(`/blog?tag=${known}&q=nothing+matches+this`)).status).toBe(200);
  });

  it("keeps a search's answer out of search engines, its links followed, and the blog itself in", async () => {
    const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];
    // The words in its title are whatever was typed: a made-up topic with a search was a 200 that
    // asked to be indexed as "Spam Casino Articles".
    const searched = await page("/blog?tag=Spam+Casino&q=x");
    expect(searched.html).toContain("Spam Casino");
    expect(robots(searched.html)).toBe("noindex, follow");
    expect(robots((await page("/blog?q=google")).html)).toBe("noindex, follow");
    expect(robots((await page("/blog")).html)).toMatch(/^index, follow/);
  });

  it("sends a topic typed in another case to its own spelling, keeping the search", async () => {
    const typed = await fetch(`${server.baseURL}/blog?tag=seo&q=local`, { redirect: "manual" });
    expect([typed.status, typed.headers.get("location")]).toEqual([301, "/blog?q=local&tag=SEO"]);
    // A topic spelled exactly is itself, even beside one a case apart: no redirect, nor one back.
    const own = await fetch(`${server.baseURL}/blog?tag=markup&q=nothing+matches+this`, {
      redirect: "manual",
    });
    expect(own.status).toBe(200);
    const upper = await fetch(`${server.baseURL}/blog?tag=MARKUP`, { redirect: "manual" });
    expect(upper.status).toBe(301);
    expect(["/blog?tag=Markup", "/blog?tag=markup"]).toContain(upper.headers.get("location"));
  });
});
