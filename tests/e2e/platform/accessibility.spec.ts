import { expect, type Locator, type Page, test } from "@playwright/test";

import { expectSignedIn, signIn } from "../support/auth";
import { expectNoAxeViolations, expectNoColourViolations } from "../support/axe";
import { publishAsk } from "../support/editor";
import { open } from "../support/page";
import { SERVICE_PATHS } from "../support/paths";
import { sharedServer } from "../support/server";
import { unique } from "../support/unique";

const PHONE = { width: 390, height: 844 };
// Every public page once per theme, at the width most visitors use; the header and footer at desktop
// width are scanned on / by layout.spec.ts, the open menu by phone-menu.spec.ts.
const PUBLIC_PATHS = [
  "/",
  ...SERVICE_PATHS,
  "/work",
  "/work/emerald-threads",
  "/about",
  "/contact",
  "/blog",
  "/blog/local-seo-dublin-2026-checklist",
  "/blog?q=nothing-matches",
  "/blog/missing",
  "/work/missing",
  "/privacy",
  "/terms",
  "/cookies",
  "/no-such-page",
];

async function setTheme(page: Page, theme: "dark" | "light") {
  await page.evaluate((t) => {
    localStorage.setItem("theme", t);
    window.__pageBehaviours?.applyTheme();
  }, theme);
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

test.describe("at phone width", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  for (const path of PUBLIC_PATHS) {
    test(`${path} has no axe violations in dark and light`, async ({ page }) => {
      await open(page, path);
      await expectNoAxeViolations(page);
      await setTheme(page, "light");
      await expectNoColourViolations(page);
    });
  }
});

const ADMIN_PATHS = [
  "/admin",
  "/admin/posts",
  "/admin/posts?new",
  "/admin/enquiries",
  "/admin/case-studies",
  "/admin/case-studies?new",
  "/admin/testimonials",
  "/admin/packages?new",
  "/admin/settings",
  "/admin/analytics",
  "/admin/outbox",
  "/admin/subscribers",
  "/admin/redirects",
  "/admin/pages/services",
  "/admin/staff",
  "/admin/audit",
  "/admin/account",
];

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36";

test.describe("the admin pages", () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: sharedServer().baseURL });
    // A person's page view with long names, so the dashboard's tables have rows to fit on a phone.
    await request.post("/api/event", {
      headers: {
        "Content-Type": "text/plain",
        "User-Agent": PERSON,
      },
      data: JSON.stringify({
        p: "/services/automation-ai-app-development?utm_source=the-clinics-newsletter&utm_campaign=autumn-offer-for-dublin-clinics",
        r: "",
      }),
    });
    // A missing page a person opened, so the redirects page lists one with its "Redirect this".
    await request.get("/a-page-that-never-existed-for-axe", {
      headers: { Referer: "https://partner.example.ie/", Accept: "text/html", "User-Agent": PERSON },
    });
    await request.dispose();
  });

  // Every admin page at phone width, where its tables and forms are tightest; the frame around them
  // (the navigation, a row on top on a phone and a sidebar at desktop width) on the posts list too.
  const DESKTOP = { width: 1280, height: 800 };
  const scans: [string, { width: number; height: number }][] = [
    ...ADMIN_PATHS.map((path): [string, typeof PHONE] => [path, PHONE]),
    ["/admin/posts", DESKTOP],
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    test(`sign-in has no axe violations at ${viewport.width} px in dark and light`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, "/admin/login");
      await expectNoAxeViolations(page);
      await setTheme(page, "light");
      await expectNoColourViolations(page);
    });
  }
  for (const [path, viewport] of scans) {
    test(`${path} has no axe violations at ${viewport.width} px in dark and light`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // Straight to the page (not by way of the posts): one page load fewer per scan.
      await signIn(page, undefined, { at: path });
      await expectNoAxeViolations(page);
      await setTheme(page, "light");
      await expectNoColourViolations(page);
    });
  }
});

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Could not reach ${target.toString()} with the keyboard`);
}

/** The focused element shows a focus indicator (an outline or a ring). */
async function expectVisibleFocus(target: Locator) {
  const style = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0,
      ring: s.boxShadow !== "none",
    };
  });
  expect(style.outline || style.ring, `${target.toString()} shows where the focus is`).toBe(true);
}

test.describe("with the keyboard only", () => {
  test("skip link, mobile menu, theme switch, portfolio filter and blog search", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    // The menu opens from the keyboard and its links work with Enter.
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, menuButton, { back: true });
    await expectVisibleFocus(menuButton);
    await page.keyboard.press("Enter");
    const workLink = page.locator("#mobile-menu").getByRole("link", { name: "Work" });
    await expect(workLink).toBeVisible();
    await tabTo(page, workLink);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/work$/);

    // The portfolio filter: a category is a link, chosen with Enter.
    const category = page
      .getByRole("navigation", { name: "Filter by category" })
      .getByRole("link", { name: "Healthcare" });
    await tabTo(page, category);
    await expectVisibleFocus(category);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/category=Healthcare/);

    // The theme switch, desktop width: arrow keys move between Light, Dark and System.
    await page.setViewportSize({ width: 1280, height: 800 });
    // Tab reaches the group on its checked radio (Dark); the arrows move the choice.
    const dark = page.getByRole("radio", { name: "Dark theme" });
    await tabTo(page, dark, { back: true });
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.keyboard.press("ArrowRight");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);

    // The blog search, typed.
    await open(page, "/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await tabTo(page, search);
    await page.keyboard.type("google ads");
    await expect(page).toHaveURL(/q=google\+ads/);
    await expect(page.getByText("1 article found")).toBeVisible();
  });

  test("send an enquiry and write a post without a mouse @mutates", async ({ page }) => {
    // Some hundred key presses, each a round trip to the browser, and a full-cost password check.
    test.setTimeout(180_000);
    await open(page, "/contact");
    const name = page.getByLabel("Name");
    await tabTo(page, name);
    await page.keyboard.type("Keyboard Person");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(`keys-${unique()}@example.ie`);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // budget
    await tabTo(page, page.getByLabel("Project Goals"));
    await page.keyboard.type("A faster website, found on Google.");
    const send = page.getByRole("button", { name: "Send Message" });
    await tabTo(page, send);
    await expectVisibleFocus(send);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact\?sent=1$/);

    // Sign in and publish a post from the editor.
    await open(page, "/admin/login");
    await tabTo(page, page.getByLabel("Username"));
    await page.keyboard.type("admin");
    await page.keyboard.press("Tab");
    await page.keyboard.type("e2e-admin-password");
    await page.keyboard.press("Enter");
    await expectSignedIn(page);
    await open(page, "/admin/posts");
    const create = page.getByRole("link", { name: "Create New Post" });
    await tabTo(page, create);
    await page.keyboard.press("Enter");
    const title = `Keyboard post ${unique()}`;
    await tabTo(page, page.getByLabel("Title", { exact: true }));
    await page.keyboard.type(title);
    await tabTo(page, page.getByLabel("Excerpt"));
    await page.keyboard.type("Written without a mouse.");
    await tabTo(page, page.getByRole("textbox", { name: "Content", exact: true }));
    await page.keyboard.type("Every control answers to the keyboard.");
    const publish = page.getByRole("button", { name: "Save & Publish" });
    await tabTo(page, publish);
    await expectVisibleFocus(publish);
    await page.keyboard.press("Enter");
    // A post this short has problems open: the first press saves it as a draft and asks, the keyboard
    // back on Publish for the second.
    await expect(publishAsk(page)).toContainText("Saved as a draft.");
    await expect(publish).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Post updated" })).toBeVisible();
    // The editor stays open on the post, now live, with a way to see it.
    await expect(page.getByRole("link", { name: /View post/ })).toBeVisible();
  });
});
