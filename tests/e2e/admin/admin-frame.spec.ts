import { expect, type Page, test } from "@playwright/test";

import { signIn, staffOfMyOwn } from "../support/auth";
import { withDb } from "../support/db";
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
      [section("Posts"), "Posts"],
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
      // Generous, as the heading below: the move may first fetch the screen's code and the router's
      // map of it (not held), which once took over 7 s on a machine this busy. The page's data is
      // held, so the status stays until it is released.
      await expect(loading(page)).toBeVisible({ timeout: 40_000 });
      release();
      // Generous: this runs among the first tests, while both servers still draw their social cards
      // and the first visit of each admin screen loads its code (twice it took over 7 s there).
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 40_000 });
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

// Found walking through an owner's week: the media library's six tabs pushed the page 102 px sideways on a
// phone (and its search off a tablet), and a post card's long status squeezed a short title to a few
// letters a line ("Sch / edul / ed") at 1280.
for (const width of [390, 768, 1280]) {
  test(`the media library and the post cards fit ${width} px, titles in whole words @mutates`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = `squeezed-${width}-${Date.now()}`;
    const at = Date.now();
    withDb((db) =>
      db
        .prepare(
          `insert into posts (id, title, slug, excerpt, content, tags, status, publish_at, created_at, updated_at)
           values (?, 'Scheduled', ?, 'Goes out later.', '<p>Later</p>', '[]', 'scheduled', ?, ?, ?)`,
        )
        .run(id, id, Date.UTC(2030, 0, 1, 19), at, at),
    );
    try {
      await signIn(page, undefined, { at: "/admin/media" });
      await expect(page.getByRole("navigation", { name: "Filter by kind" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expect(page.getByRole("search").getByRole("button", { name: "Search" })).toBeInViewport();

      await open(page, "/admin/posts?view=cards");
      // Its own card: the other widths run beside it with posts of the same title.
      const card = page.locator(`li:has(> div a[href="/admin/posts?edit=${id}"])`);
      const title = card.getByRole("heading", { name: "Scheduled", exact: true });
      // One line: as tall as the line it is written on, never a column of letters.
      const lines = await title.evaluate(
        (h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight),
      );
      expect(Math.round(lines)).toBe(1);
    } finally {
      withDb((db) => db.prepare("delete from posts where id = ?").run(id));
    }
  });
}
