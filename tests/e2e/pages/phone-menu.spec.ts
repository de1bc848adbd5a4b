import { expect, type Page, test } from "@playwright/test";

import { expectNoAxeViolations, expectNoColourViolations } from "../support/axe";
import { open } from "../support/page";

// On a phone the menu is the whole screen, in large type, with the contact details, and
// every tap target in it is at least 44 px.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const sheet = (page: Page) => page.locator("#mobile-menu");
const menuNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menuNav(page)).toBeVisible();
}

test("covers the screen in large type, with the contact details, and holds the page still @nojs", async ({
  page,
}) => {
  await open(page, "/about");
  await openMenu(page);

  expect(await sheet(page).boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
  const entry = menuNav(page).getByRole("link", { name: "Work" });
  const type = await entry.evaluate((el) => {
    const style = getComputedStyle(el);
    return { size: parseFloat(style.fontSize), family: style.fontFamily };
  });
  expect(type.size).toBeGreaterThanOrEqual(32);
  expect(type.family).toContain("Bricolage Grotesque");
  await expect(menuNav(page).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");

  await expect(sheet(page).getByRole("link", { name: "Start a project" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(sheet(page).getByRole("link", { name: "hello@northwalldigital.ie" })).toHaveAttribute(
    "href",
    "mailto:hello@northwalldigital.ie",
  );
  await expect(sheet(page).getByRole("link", { name: "+353 1 555 0142" })).toHaveAttribute(
    "href",
    /^tel:\+35315550142$/,
  );
  await expect(sheet(page).getByText("12 North Wall Quay")).toBeVisible();
  await expect(
    sheet(page).getByRole("list", { name: "Social media" }).getByRole("link").first(),
  ).toBeVisible();

  // Every target in it is at least 44 px tall (and the theme's choices 44 px wide), measured once the
  // entries have risen into place (mid-rise, a moving box measures a hair under its size).
  await sheet(page).evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const targets = sheet(page).locator("a, button, summary, label:has(input)");
  const sizes = await targets.evaluateAll((els) =>
    els
      .map((el) => ({
        text: el.textContent?.trim() || el.outerHTML.slice(0, 60),
        box: el.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .map(({ text, box }) => ({ text, height: box.height, width: box.width })),
  );
  expect(sizes.length).toBeGreaterThanOrEqual(10);
  for (const { text, height, width } of sizes) {
    expect(height, `${text} is 44 px tall`).toBeGreaterThanOrEqual(44);
    expect(width, `${text} is 44 px wide`).toBeGreaterThanOrEqual(44);
  }

  // The page under it does not scroll while it is open.
  const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
  expect(await overflow()).toBe("hidden");
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menuNav(page)).toBeHidden();
  expect(await overflow()).not.toBe("hidden");
});

test("lists the six services, and on a service page marks it @nojs", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  const seo = menuNav(page).getByRole("link", { name: "Search Engine Optimisation" });
  await expect(seo).toBeHidden();
  await menuNav(page).locator("summary", { hasText: "The services" }).click();
  await expect(menuNav(page).getByRole("list").nth(1).getByRole("link")).toHaveCount(6);
  await seo.click();
  await expect(page).toHaveURL("/services/seo");
  await expect(menuNav(page)).toBeHidden();

  await openMenu(page);
  await expect(seo).toBeVisible();
  await expect(seo).toHaveAttribute("aria-current", "page");
});

test("takes the focus, gives it back on Escape, and closes when the focus leaves it", async ({ page }) => {
  await open(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menuNav(page)).toBeHidden();
  await expect(toggle).toBeFocused();

  // Shift+Tab from its first control leaves it: it closes rather than hide the focus under it.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(menuNav(page)).toBeHidden();
});

test("open, it has no axe violations in dark and light", async ({ page }) => {
  await open(page, "/services/seo");
  await openMenu(page); // with the six services open, as on a service page
  await expectNoAxeViolations(page);
  await sheet(page).getByRole("radio", { name: "Light theme" }).check();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expectNoColourViolations(page);
});

test("its theme switch changes the theme and shows the choice in the header too", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  await sheet(page).getByRole("radio", { name: "Light theme" }).check();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expect(sheet(page).getByRole("radio", { name: "Light theme" })).toBeChecked();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("banner").getByRole("radio", { name: "Light theme" }).first()).toBeChecked();
});

test("the desktop header has no menu button and never shows the sheet @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
