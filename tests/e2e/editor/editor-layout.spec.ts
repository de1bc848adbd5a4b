import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";

/**
 * The editor open on the seeded post with the longest address (its search preview shows the longest
 * line), once the rich-text box is there.
 */
async function openSeededPost(page: Page) {
  const id = withDb(
    (db) =>
      db.prepare("select id from posts order by length(slug) desc, slug limit 1").pluck().get() as string,
  );
  await signIn(page, undefined, { at: `/admin/posts?edit=${id}` });
  await expect(page.getByRole("textbox", { name: "Content", exact: true })).toBeVisible();
}

/** The toolbar's buttons that are not wholly inside it (so cut off or hidden in a scroll), by name. */
async function cutOffTools(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar.getByRole("button", { name: "HTML" })).toBeVisible();
  return toolbar.evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return [...bar.querySelectorAll("button")]
      .filter((button) => {
        const b = button.getBoundingClientRect();
        return b.left < box.left || b.right > box.right || b.right > document.documentElement.clientWidth;
      })
      .map((button) => button.getAttribute("aria-label") ?? button.textContent);
  });
}

/** How far the page is wider than the window (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("the editor on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a seeded post fits the screen: nothing runs past its right edge", async ({ page }) => {
    await openSeededPost(page);
    expect(await overflow(page)).toBe(0);
  });

  test("words too long for a line wrap inside the screen, in the fields and their previews", async ({
    page,
  }) => {
    // What is typed stays in this page: no unsaved copy is kept for other tests to be offered.
    await page.route("**/api/blog/autosave*", (route) =>
      route.fulfill({ json: { updatedAt: new Date().toISOString() } }),
    );
    await openSeededPost(page);
    const word = "averyveryverylongpath".repeat(6);
    await page.getByLabel("Title", { exact: true }).fill(`Title ${word}`);
    await page.getByLabel("Excerpt").fill(`Excerpt ${word}`);
    await page.getByRole("textbox", { name: "Content", exact: true }).click();
    await page.keyboard.type(`https://example.com/${word} `);
    await expect(page.getByRole("figure", { name: "Search result" })).toContainText(`Excerpt ${word}`);
    expect(await overflow(page)).toBe(0);
  });

  test("every button of the toolbar is in full view", async ({ page }) => {
    await openSeededPost(page);
    expect(await cutOffTools(page)).toEqual([]);
  });
});

test.describe("the editor on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("every button of the toolbar is in full view, HTML the last", async ({ page }) => {
    await openSeededPost(page);
    expect(await cutOffTools(page)).toEqual([]);
  });
});
