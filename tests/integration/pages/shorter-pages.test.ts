// What the built server sends for the 404 page and the portfolio's "Show more projects", read as
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
  it("shows the first featured case study, linked, beside the likely page", async () => {
    const db = new Database(server.databasePath, { readonly: true });
    const featured = db
      .prepare(
        "select slug, title from case_studies where featured = 1 and status = 'published' and deleted_at is null order by position",
      )
      .get() as { slug: string; title: string };
    db.close();
    const { status, html } = await page("/no-such-page-at-all");
    expect(status).toBe(404);
    expect(html).toContain("While you are here: a project we are proud of");
    expect(html).toContain(`href="/work/${featured.slug}"`);
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
