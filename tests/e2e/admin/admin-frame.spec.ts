import { expect, type Page, test } from "@playwright/test";

import { signIn, staffOfMyOwn } from "../support/auth";
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
      // Generous: this runs among the first tests, while both servers still draw their social cards
      // and the first visit of each admin screen loads its code (twice it took over 7 s there).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 20_000 });
      await expect(loading(page)).toHaveCount(0);
    }
  });
});

test.describe("who is signed in @mutates", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** What of `part` lies outside the sidebar (0: it is wholly inside). */
  const outsideSidebar = (page: Page, part: ReturnType<Page["getByRole"]>) =>
    part.evaluate((element) => {
      const sidebar = element.closest("aside")!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return Math.max(0, box.right - sidebar.right, sidebar.left - box.left);
    });

  for (const role of ["editor", "owner"] as const) {
    test(`the ${role} is greeted by first name, and their name leaves Logout inside the sidebar`, async ({
      page,
    }) => {
      await signIn(page, staffOfMyOwn({ role, name: "Aisling Ní Bhriain-Fitzgerald" }));
      await open(page, "/admin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Aisling");
      const account = page.getByRole("link", { name: /Aisling Ní Bhriain-Fitzgerald/ });
      await expect(account).toBeVisible();
      await expect(account).toContainText(role === "owner" ? "Owner" : "Editor");
      const logout = page.getByRole("button", { name: "Logout" });
      expect(await outsideSidebar(page, logout)).toBe(0);
      expect(await outsideSidebar(page, account)).toBe(0);
    });
  }

  test("without a display name the username stands in", async ({ page }) => {
    const account = staffOfMyOwn({ role: "editor", name: "" });
    await signIn(page, account);
    await open(page, "/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${account.username}`);
    await expect(page.getByRole("link", { name: new RegExp(account.username) })).toBeVisible();
  });
});
