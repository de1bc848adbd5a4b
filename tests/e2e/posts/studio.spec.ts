import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { caretToEnd, stored } from "../support/editor";
import { open } from "../support/page";
import { unique } from "../support/unique";

type Post = { id: string; slug: string; title: string };

/** A post of the test's own (its autosave and revisions are nobody else's), written through the API. */
async function postOfMyOwn(page: Page, over: Record<string, unknown> = {}): Promise<Post> {
  const id = unique();
  const answer = await page.request.post("/api/blog", {
    data: {
      title: `Studio ${id}`,
      excerpt: "Before.",
      content: "<p>Saved words</p>",
      status: "draft",
      ...over,
    },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as Post;
}

test.describe("the writing studio @mutates", () => {
  test("work typed after the last save survives closing the tab, and the editor offers it back", async ({
    page,
    context,
  }) => {
    await signIn(page);
    const post = await postOfMyOwn(page);
    await open(page, `/admin/posts?edit=${post.id}`);
    await page.getByLabel("Excerpt").fill("Typed after the last save.");
    await caretToEnd(page, page.getByRole("textbox", { name: "Content", exact: true }));
    await page.keyboard.type(" and more, typed later");
    // Saved to the server a moment after the typing stops, without pressing anything.
    await expect(page.getByText(/Draft copy saved/)).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await open(again, `/admin/posts?edit=${post.id}`);
    await expect(again.getByLabel("Excerpt")).toHaveValue("Before.");
    await expect(again.getByRole("alert")).toContainText("unsaved changes");
    await again.getByRole("link", { name: "Restore them" }).click();
    await expect(again.getByLabel("Excerpt")).toHaveValue("Typed after the last save.");
    await expect(stored(again)).toHaveValue("<p>Saved words and more, typed later</p>");
    await again.getByRole("button", { name: "Update Post" }).click();
    await expect(again).toHaveURL(/result=updated/);

    const row = withDb((db) => ({
      post: db.prepare("select excerpt, content from posts where id = ?").get(post.id),
      autosaves: db
        .prepare("select count(*) as n from autosaves where kind = 'post' and item_key = ?")
        .get(post.id),
    }));
    expect(row.post).toEqual({
      excerpt: "Typed after the last save.",
      content: "<p>Saved words and more, typed later</p>",
    });
    expect(row.autosaves).toEqual({ n: 0 });
    await open(again, `/admin/posts?edit=${post.id}`);
    await expect(again.getByRole("link", { name: "Restore them" })).toHaveCount(0);
  });

  test("empty paragraphs typed at the end come back with the unsaved work", async ({ page, context }) => {
    await signIn(page);
    const post = await postOfMyOwn(page);
    await open(page, `/admin/posts?edit=${post.id}`);
    const body = page.getByRole("textbox", { name: "Content", exact: true });
    await caretToEnd(page, body);
    await page.keyboard.type(" and a last line");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(body.locator("p")).toHaveCount(3);
    await expect(page.getByText(/Draft copy saved/)).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await open(again, `/admin/posts?edit=${post.id}`);
    await again.getByRole("link", { name: "Restore them" }).click();
    const restored = again.getByRole("textbox", { name: "Content", exact: true });
    await expect(restored.locator("p")).toHaveCount(3);
    await expect(restored.locator("p").first()).toHaveText("Saved words and a last line");
    await expect(restored.locator("p").nth(1)).toHaveText("");
    await expect(restored.locator("p").nth(2)).toHaveText("");
    // The form still posts the body without them (a save drops empty paragraphs).
    await expect(stored(again)).toHaveValue(/^<p>Saved words and a last line<\/p>(<p><\/p>)*$/);
  });

  test("leaving the editor with unsaved changes asks first; staying keeps them", async ({ page }) => {
    await signIn(page);
    const post = await postOfMyOwn(page);
    await open(page, `/admin/posts?edit=${post.id}`);
    await page.getByLabel("Excerpt").fill("Not saved yet.");
    const enquiries = page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Enquiries" });
    await enquiries.click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`edit=${post.id}`));
    await expect(page.getByLabel("Excerpt")).toHaveValue("Not saved yet.");
    await enquiries.click();
    await page
      .getByRole("dialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave" })
      .click();
    await expect(page).toHaveURL("/admin/enquiries");
  });

  test("a live post's earlier version is listed, shown as readers saw it, and restored", async ({ page }) => {
    await signIn(page);
    const post = await postOfMyOwn(page, { status: "published", content: "<p>Version one</p>" });
    for (const words of ["Version two", "Version three"]) {
      const answer = await page.request.put(`/api/blog/${post.id}`, {
        data: { title: post.title, excerpt: "Before.", content: `<p>${words}</p>`, status: "published" },
      });
      expect(answer.status()).toBe(200);
    }
    await open(page, `/admin/posts?edit=${post.id}`);
    await page.getByRole("link", { name: /^Revisions \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisions");
    const versions = page.getByRole("navigation", { name: "Revisions" }).getByRole("link");
    await expect(versions).toHaveCount(3);
    const shown = page.getByRole("region", { name: "The chosen revision" });
    await expect(shown).toContainText("Version three"); // the latest first
    await versions.last().click();
    await expect(shown).toContainText("Version one");
    // Before anything is replaced: what would change, word by word, and a question.
    const changes = shown.getByRole("region", { name: "What restoring changes" });
    // (The post's drawn cover may also have arrived between the versions, and be listed as a change.)
    await expect(changes.locator("del").filter({ hasText: /^three$/ })).toBeVisible();
    await expect(changes.locator("ins").filter({ hasText: /^one$/ })).toBeVisible();
    await shown.getByRole("link", { name: "Restore this version…" }).click();
    await expect(shown.getByRole("alertdialog", { name: "Put this version back?" })).toBeVisible();
    await shown.getByRole("button", { name: "Yes, restore this version" }).click();

    await expect(page).toHaveURL(new RegExp(`edit=${post.id}&saved=`));
    await expect(stored(page)).toHaveValue("<p>Version one</p>");
    const row = withDb((db) => db.prepare("select content from posts where id = ?").get(post.id));
    expect(row).toEqual({ content: "<p>Version one</p>" });
    await open(page, `/blog/${post.slug}`);
    await expect(page.locator("#article-content")).toHaveText("Version one");
  });
});
