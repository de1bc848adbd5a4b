import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { open } from "../support/page";

const html = (page: Page) => page.locator("html");

test("the site is dark by default", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, "/");
  await expect(html(page)).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(9, 9, 15)");
});

test("the choice is kept in localStorage and applied before hydration on the next load", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("radio", { name: "Light theme" }).check();
  await expect(html(page)).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

  // Block the app's JavaScript: only the inline head script can set the class now.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(html(page)).toHaveClass(/\blight\b/);
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(255, 255, 255)");
});

test("the switch's submit button applies the checked choice in place and is shown while focused", async ({
  page,
}) => {
  await open(page, "/");
  const header = page.getByRole("banner");
  const apply = header.getByRole("button", { name: "Apply theme" });
  // Arrow keys move the choice; pressing the button (Enter) sends the form, which stays on the page.
  await header.getByRole("radio", { name: "Dark theme" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(html(page)).toHaveClass(/\blight\b/);
  await page.keyboard.press("Tab");
  await expect(apply).toBeFocused();
  expect(await apply.evaluate((el) => getComputedStyle(el).clipPath)).toBe("none");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.keyboard.press("Enter");
  await expect(html(page)).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  expect(new URL(page.url()).search).toBe("");
});

test("the first paint already has the stored theme (no flash)", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("theme", "light");
    // Record the class as soon as <body> starts, before any module script can run.
    new MutationObserver((_, observer) => {
      if (document.body) {
        (window as unknown as { firstClass: string }).firstClass = document.documentElement.className;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await open(page, "/about");
  const first = await page.evaluate(() => (window as unknown as { firstClass: string }).firstClass);
  expect(first).toContain("light");
  expect(first).not.toContain("dark");
});

test("system follows the operating system live", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page, "/");
  await page.getByRole("radio", { name: "System theme" }).check();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html(page)).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole("radio", { name: "System theme" })).toBeChecked();
});

test("without JavaScript the site is dark, readable, and offers no dead switch @nojs-only", async ({
  page,
}) => {
  await open(page, "/");
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("group", { name: "Colour theme" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

// The switch, its tooltips and F8 come from the one page script on every page; the tests above use
// pages served without React, this one the admin, which React hydrates and then moves from on the client.
test("in the admin (React) the same script runs the switch, its tooltips and F8", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await signIn(page);
  await expect(html(page)).toHaveClass(/\blight\b/);
  await expect(page.getByRole("radio", { name: "Light theme" })).toBeChecked();

  await page.getByRole("radio", { name: "System theme" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("System", { timeout: 3000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await page.getByRole("radio", { name: "Dark theme" }).check();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();

  // A client-side move to the site keeps the listeners on document: the site header's switch works.
  await page.getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Work" }).click();
  await expect(page).toHaveURL("/work");
  await expect(page.getByRole("radio", { name: "Dark theme" })).toBeChecked();
  await page.getByRole("radio", { name: "Light theme" }).check();
  await expect(html(page)).toHaveClass(/\blight\b/);
  await page.getByRole("radio", { name: "Dark theme" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Dark", { timeout: 3000 });
  expect(errors).toEqual([]);
});
