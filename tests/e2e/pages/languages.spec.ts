import { expect, type Page, test } from "@playwright/test";

import { IRISH_HEADLINES, IRISH_PATHS, translateIntoIrish } from "../../../scripts/lib/irish-pages";
import { type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { expectNoAxeViolations, expectNoColourViolations } from "../support/axe";

// The site in Irish as a visitor's browser meets it: the translated pages pass the accessibility scan
// in both themes (their language marked on the page and on every phrase in another language), and the
// footer's switcher goes to the same page's translation or, where there is none, says so and goes to
// the Irish home page. A server of its own: adding a language changes every page of the site.
test.describe.configure({ mode: "serial" });

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer();
  await translateIntoIrish(server.baseURL);
});
test.afterAll(async () => {
  await server?.stop();
});

async function setTheme(page: Page, theme: "dark" | "light") {
  await page.evaluate((t) => {
    localStorage.setItem("theme", t);
    window.__pageBehaviours?.applyTheme();
  }, theme);
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const path of IRISH_PATHS) {
    test(`${path} is in Irish and has no axe violations in dark and light`, async ({ page }) => {
      await page.goto(server.baseURL + path);
      await expect(page.locator("html")).toHaveAttribute("lang", "ga-IE");
      await expectNoAxeViolations(page);
      await setTheme(page, "light");
      await expectNoColourViolations(page);
    });
  }
});

test("the switcher goes to the page's translation, or says there is none and goes home", async ({ page }) => {
  await page.goto(`${server.baseURL}/services/seo`);
  const switcher = page.getByRole("navigation", { name: "Language" });
  await switcher.getByRole("link", { name: /^Gaeilge/ }).click();
  await expect(page).toHaveURL(`${server.baseURL}/ga/services/seo`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(IRISH_HEADLINES["services/seo"]);
  await expect(page.locator("html")).toHaveAttribute("lang", "ga-IE");

  await page.goto(`${server.baseURL}/about`);
  const untranslated = page.getByRole("navigation", { name: "Language" }).getByRole("link", {
    name: /^Gaeilge/,
  });
  await expect(untranslated).toHaveAccessibleName(/this page is not translated/);
  await untranslated.click();
  await expect(page).toHaveURL(new RegExp(`${server.baseURL}/ga/?$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(IRISH_HEADLINES.home);
});
