import { expect, type Page, test } from "@playwright/test";

import { signIn, staffOfMyOwn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";

/**
 * An unsaved new post, as the editor keeps one when the tab is closed mid-way, for a member of staff
 * of the test's own (signed in on `page`): the one unsaved new post they have.
 */
async function leaveUnsavedNewPost(page: Page, title: string) {
  const answer = await page.request.put("/api/blog/autosave", {
    data: { postKey: "new", values: { title, excerpt: "Half an excerpt", content: "<p>Half a post</p>" } },
  });
  expect(answer.status()).toBe(200);
}

const autosavesOf = (username: string) =>
  withDb(
    (db) =>
      db
        .prepare(
          "select count(*) from autosaves join users on users.id = autosaves.user_id where users.username = ?",
        )
        .pluck()
        .get(username) as number,
  );

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the unsaved new post, ${javaScriptEnabled ? "with" : "without"} JavaScript @mutates`, () => {
    test.use({ javaScriptEnabled });

    test("Discard throws the unsaved copy away and the offer goes, for good", async ({ page }) => {
      const account = staffOfMyOwn({ role: "editor", name: "Saoirse Kelly" });
      await signIn(page, account);
      await leaveUnsavedNewPost(page, "Half-written thoughts");
      await open(page, "/admin/posts?new");
      const offer = page.getByRole("alert").filter({ hasText: "You have an unsaved new post" });
      await expect(offer).toContainText("“Half-written thoughts”");
      await expect(offer.getByRole("link", { name: "Restore it", exact: true })).toBeVisible();

      await offer.getByRole("button", { name: "Discard" }).click();
      await expect(offer).toHaveCount(0);
      // Nothing was saved, so nothing is asked of the empty form.
      await expect(page.getByText("Title is required")).toHaveCount(0);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
      expect(autosavesOf(account.username)).toBe(0);
      await open(page, "/admin/posts?new");
      await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
      await expect(offer).toHaveCount(0);
    });
  });
}
