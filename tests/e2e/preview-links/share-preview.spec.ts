import { type Browser, expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { sharedServer } from "../support/server";
import { unique } from "../support/unique";

/** A draft post made through the API as the signed-in staff member. */
async function draftPost(page: Page, title: string) {
  const answer = await page.request.post("/api/blog", {
    headers: { Origin: sharedServer().baseURL },
    data: {
      title,
      excerpt: "Words for the client's eyes only.",
      content: "<p>First words.</p>",
      status: "draft",
    },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as { id: string; slug: string };
}

/** A browser of its own, with no session: the client the link was sent to. */
async function client(browser: Browser) {
  const context = await browser.newContext({ baseURL: sharedServer().baseURL });
  return { context, page: await context.newPage() };
}

test("a preview link made in the post editor opens the latest draft for a client without an account, until revoked @nojs", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `A draft for the client ${unique()}`;
  await signIn(page, undefined, { at: "/admin/posts" });
  const post = await draftPost(page, title);
  await open(page, `/admin/posts?edit=${post.id}`);

  await page.getByLabel("Works for").selectOption("3");
  await page.getByRole("button", { name: "Make link" }).click();
  const made = page.getByLabel("New link (shown only now: copy it)");
  await expect(made).toHaveValue(/\/preview\/[\w-]{43}$/, { timeout: 15_000 });
  const url = await made.inputValue();
  // The whole link shows in the editor's narrow column, its token too (a one-line box cut it after the host).
  const box = await made.evaluate((shown) => [
    shown.scrollWidth,
    shown.clientWidth,
    shown.scrollHeight,
    shown.clientHeight,
  ]);
  expect([box[0]! <= box[1]!, box[2]! <= box[3]!, box]).toEqual([true, true, box]);
  await expect(page.getByText(/not opened yet/)).toBeVisible();

  const visitor = await client(browser);
  const shown = await visitor.page.goto(url);
  expect(shown?.status()).toBe(200);
  await expect(visitor.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.page.getByRole("complementary", { name: "Preview" })).toContainText(
    "A draft, not yet published",
  );
  const headers = shown!.headers();
  expect(headers["cache-control"]).toMatch(/no-store/);
  expect(headers["cache-control"]).toMatch(/private/);
  const robots = `${headers["x-robots-tag"] ?? ""} ${
    (await visitor.page.locator('meta[name="robots"]').getAttribute("content")) ?? ""
  }`;
  expect(robots).toContain("noindex");
  // Nothing of the visitor's makes them staff: the admin still asks them to sign in.
  await visitor.page.goto("/admin/posts");
  await expect(visitor.page).toHaveURL(/\/admin\/login/);

  // The staff member changes the draft's title and saves: the same link shows the new words.
  const newTitle = `${title}, reworded`;
  await open(page, `/admin/posts?edit=${post.id}`);
  await page.getByLabel("Title", { exact: true }).fill(newTitle);
  await page.getByRole("button", { name: "Update Post" }).first().click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newTitle);
  await expect
    .poll(async () => {
      await visitor.page.goto(url);
      return visitor.page.getByRole("heading", { level: 1 }).textContent();
    })
    .toBe(newTitle);
  // The editor's list says it was opened.
  await open(page, `/admin/posts?edit=${post.id}`);
  await expect(page.getByText(/last opened/)).toBeVisible();

  await page.getByRole("button", { name: /^Revoke/ }).click();
  await expect(page.getByText("Link revoked")).toBeVisible();
  const gone = await visitor.page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.page.getByText("withdrawn by whoever shared it")).toBeVisible();
  await visitor.context.close();
});

test("an expired preview link is a 404 page that says it expired", async ({ page, browser }) => {
  await signIn(page, undefined, { at: "/admin/posts" });
  const post = await draftPost(page, `A draft whose link runs out ${unique()}`);
  const answer = await page.request.post(`/api/blog/${post.id}/preview-links`, {
    headers: { Origin: sharedServer().baseURL },
    data: { expiresInDays: 1 },
  });
  expect(answer.status()).toBe(201);
  const link = (await answer.json()) as { id: string; url: string };
  // A day later, as an operator would see it: the link's end moved into the past.
  withDb((db) =>
    db.prepare("update preview_links set expires_at = ? where id = ?").run(Date.now() - 60_000, link.id),
  );
  const visitor = await client(browser);
  const shown = await visitor.page.goto(link.url);
  expect(shown?.status()).toBe(404);
  await expect(visitor.page.getByText("This preview link has expired")).toBeVisible();
  expect(shown!.headers()["cache-control"]).toMatch(/no-store/);
  await visitor.context.close();
});
