import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { open } from "../support/page";

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" });
/** What a slow move to another page shows while it is under way. */
const loading = (page: Page) => page.getByRole("status").filter({ hasText: "Loading..." });

/**
 * Holds back the data of the admin's pages, as a slow connection would: each `hold()` keeps the next
 * page's back until the release it returns is called.
 */
async function slowPages(page: Page) {
  let gate = Promise.resolve();
  await page.route(/\.data(\?|$)/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
}

test.describe("moving about the admin", () => {
  test("a slow move says it is loading, and says no more once the page has arrived", async ({ page }) => {
    await signIn(page);
    await open(page, "/admin");
    const slow = await slowPages(page);
    const section = (name: string) => sidebar(page).getByRole("link", { name, exact: true });
    for (const [link, heading] of [
      [section("Posts"), "Blog Admin"],
      [
        page
          .getByRole("region", { name: "All Posts" })
          .getByRole("link", { name: /^Edit / })
          .first(),
        "Edit Post",
      ],
      [section("Team"), "Team"],
      [section("Media"), "Media library"],
      [section("Site settings"), "Site settings"],
      [section("Home"), /^Hello, /],
    ] as const) {
      const release = slow.hold();
      await link.click();
      await expect(loading(page)).toBeVisible();
      release();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(loading(page)).toHaveCount(0);
    }
  });
});
