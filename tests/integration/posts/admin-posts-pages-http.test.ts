// The admin's posts list is 50 posts a page, with Previous / Next links that work without JavaScript.
// Against the built server, on this file's own database.
import { afterAll, beforeAll, expect, it } from "vitest";

import { ADMIN_POSTS_PER_PAGE, savePost } from "~/features/posts/index.server";
import { createUser } from "~/features/staff/index.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

const ACCOUNT = { username: "pages-owner", password: "a-long-enough-password" };
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const owner = await createUser(ACCOUNT.username, ACCOUNT.password, { name: "Orla Kane" });
  for (let n = 0; n <= ADMIN_POSTS_PER_PAGE; n++)
    savePost(
      undefined,
      {
        title: n === 0 ? "The oldest post of all" : `Paged post ${n}`,
        excerpt: "An excerpt.",
        content: "<p>Words</p>",
        coverImage: null,
        videoUrl: null,
        tags: [],
        status: "draft",
      },
      { writer: owner },
    );
  server = await serveTestDatabase();
  cookie = await adminSessionCookie(server.baseURL, ACCOUNT);
}, 120_000);
afterAll(() => server?.stop(), 30_000);

const page = async (query: string) => {
  const answer = await fetch(`${server.baseURL}/admin/posts${query}`, { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  return answer.text();
};

it("shows the most recently changed 50 first and links to the next page, which links back", async () => {
  const first = await page("?view=table");
  expect(first).toContain(`Paged post ${ADMIN_POSTS_PER_PAGE}`);
  expect(first).not.toContain("The oldest post of all");
  expect(first).toMatch(/Page (<!-- -->)?1(<!-- -->)? of/);
  expect(first).toContain('href="/admin/posts?view=table&amp;page=2"');
  const second = await page("?view=table&page=2");
  expect(second).toContain("The oldest post of all");
  expect(second).toContain('href="/admin/posts?view=table&amp;page=1"');
  // A page past the last is the last; a page that is not a number, the first.
  expect(await page("?page=999")).toContain("The oldest post of all");
  expect(await page("?page=__proto__")).toContain(`Paged post ${ADMIN_POSTS_PER_PAGE}`);
});
