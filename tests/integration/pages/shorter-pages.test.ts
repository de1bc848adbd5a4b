// What the built server sends for the 404 pages and the portfolio's "Show more projects", read as
// HTML without a browser: both must work before any JavaScript runs.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.stop());

const page = async (path: string) => {
  const response = await fetch(server.baseURL + path);
  return { status: response.status, html: await response.text() };
};
const articles = (html: string) => html.match(/<article\b/g)?.length ?? 0;

describe("the 404 page", () => {
  /** The piece of work a 404 shows: its address, or null. */
  const featuredOn = (html: string) =>
    /aria-labelledby="featured-work-heading"[\s\S]*?<a [^>]*href="(\/work\/[^"]+)"/.exec(html)?.[1] ?? null;

  it("shows one of the featured case studies, the same for an address each time, and across addresses more than one", async () => {
    const db = new Database(server.databasePath, { readonly: true });
    const featured = (
      db
        .prepare(
          "select slug from case_studies where featured = 1 and status = 'published' and deleted_at is null",
        )
        .all() as { slug: string }[]
    ).map((row) => `/work/${row.slug}`);
    db.close();
    const { status, html } = await page("/no-such-page-at-all");
    expect(status).toBe(404);
    expect(html).toContain("While you are here: a project we are proud of");
    expect(featured).toContain(featuredOn(html));
    expect(featuredOn((await page("/no-such-page-at-all")).html)).toBe(featuredOn(html));
    const shown = new Set<string | null>();
    for (let i = 0; i < 12; i++) shown.add(featuredOn((await page(`/lost-${i}`)).html));
    // Once it was the first featured study on every 404.
    expect(shown.size).toBeGreaterThan(1);
    for (const path of shown) expect(featured).toContain(path);
  });

  it("shows a piece of work under an unknown project or article too, never the page it offers", async () => {
    for (const path of ["/work/harbor-logistics", "/blog/local-seo-dublin", "/work/nothing-like-any"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      const shown = featuredOn(html);
      expect(shown, path).toMatch(/^\/work\//);
      const offered = /Were you looking for[\s\S]*?<a [^>]*href="([^"]+)"/.exec(html)?.[1];
      if (offered) expect(shown, path).not.toBe(offered);
    }
  });
});

describe("an old dated permalink", () => {
  it("goes to the post its slug names, whatever its date, as WordPress guesses", async () => {
    // Once a link with another date (or copied before a move) was a 404.
    for (const path of [
      "/2019/01/01/local-seo-dublin-2026-checklist/",
      "/2026/02/local-seo-dublin-2026-checklist",
      "/2019/01/01/Local-SEO-Dublin-2026-Checklist/",
    ]) {
      const response = await fetch(server.baseURL + path, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe("/blog/local-seo-dublin-2026-checklist");
    }
    for (const path of [
      "/2019/01/01/no-such-post/",
      "/2019/01/01/__proto__",
      "/2019/xx/local-seo-dublin-2026-checklist",
    ])
      expect((await fetch(server.baseURL + path, { redirect: "manual" })).status, path).toBe(404);
  });
});

describe("the portfolio", () => {
  it("shows six projects and a plain link to twelve, which shows them all", async () => {
    const first = await page("/work");
    expect(articles(first.html)).toBe(6);
    expect(first.html).toMatch(/<a href="\/work\?show=12"[^>]*>Show more projects/);
    const more = await page("/work?show=12");
    expect(articles(more.html)).toBe(10);
    expect(more.html).not.toContain("Show more projects");
  });

  it("keeps the category with the link, and reads a hostile count as the first six", async () => {
    expect((await page("/work?category=E-commerce")).html).not.toContain("Show more projects");
    for (const show of ["-1", "abc", "1e400", "99999999999999999999", "__proto__"]) {
      const { status, html } = await page(`/work?show=${show}`);
      expect(status, show).toBe(200);
      expect(articles(html), show).toBe(6);
    }
  });
});
