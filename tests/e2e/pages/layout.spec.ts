import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { expectNoAxeViolations, expectNoColourViolations } from "../support/axe";
import { open } from "../support/page";
import { SERVICE_PATHS } from "../support/paths";

const desktopNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("navigation bar", () => {
  test("every entry leads to its page, and the active one is marked by path @nojs", async ({ page }) => {
    await open(page, "/");
    const nav = desktopNav(page);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    const destinations = [
      { name: "Work", path: "/work", heading: "Our Work" },
      { name: "About", path: "/about", heading: "Senior Marketers Who Treat Your Budget Like Their Own" },
      { name: "Blog", path: "/blog", heading: "Insights & Articles" },
    ];
    for (const { name, path, heading } of destinations) {
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      // Home is active only on exactly "/".
      await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    }

    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ready to Grow?");

    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("Work stays active on a project page under /work", async ({ page }) => {
    await open(page, "/work/paynest");
    await expect(desktopNav(page).getByRole("link", { name: "Work" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Services goes to the services section of home from another page @nojs", async ({ page }) => {
    await open(page, "/about");
    await desktopNav(page).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/#services");
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
    const services = page.getByRole("region", { name: "Our Services" });
    await expect(services.getByRole("link", { name: /Search Engine Optimisation/ })).toHaveAttribute(
      "href",
      "/services/seo",
    );
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, navigates and closes when an entry is chosen @nojs", async ({ page }) => {
    await open(page, "/");
    await expect(desktopNav(page)).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights & Articles");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("Services on the home page closes it and shows the services, without JavaScript too @nojs", async ({
    page,
  }) => {
    await open(page, "/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
    await expect(menu).toBeHidden();
  });

  test("in the admin (React) an entry closes it after a client-side move, and so does Back", async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole("link", { name: "View site" }).click();
    await expect(page).toHaveURL("/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Work" }).click();
    await expect(page).toHaveURL("/work");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Work");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL("/");
    await expect(menu).toBeHidden();
  });

  test("a client-side move from the admin to the services anchor lands on the section", async ({ page }) => {
    await signIn(page);
    await page.getByRole("link", { name: "View site" }).click();
    await expect(page).toHaveURL("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/#services");
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
  });

  test("closes with Escape and on the services anchor", async ({ page }) => {
    await open(page, "/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
  });
});

test.describe("footer", () => {
  test("shows quick links, contact details, company number and the 250+ claim @nojs", async ({ page }) => {
    await open(page, "/about");
    const footer = page.getByRole("contentinfo");
    const quick = footer.getByRole("navigation", { name: "Quick links" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Portfolio", "/work"],
      ["About", "/about"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(quick.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText("Trusted by businesses across Ireland and Europe");
    await expect(footer).not.toContainText("250+");
    await expect(footer).toContainText("company number 712345");
    await expect(footer).toContainText("12 North Wall Quay, Dublin 1");
    await expect(footer.getByRole("link", { name: "hello@northwalldigital.ie" })).toHaveAttribute(
      "href",
      "mailto:hello@northwalldigital.ie",
    );
    for (const [name, href] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Cookie Policy", "/cookies"],
    ] as const) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByRole("heading", { name: "Your rights" })).toBeVisible();
  });
});

test.describe("scroll", () => {
  test("a route change starts at the top of the new page", async ({ page }) => {
    await open(page, "/blog");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a client-side move by a link that stays on screen jumps to the top at once, no glide", async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 600 });
    await open(page, "/admin/case-studies");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // The sidebar's link keeps the focus across the move (html:focus-within made every scroll smooth).
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Testimonials" }).click();
    await expect(page).toHaveURL("/admin/testimonials");
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a link to a part of the same page still glides there and takes the focus", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Explore Our Services" }).click();
    await expect(page).toHaveURL("/#services");
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
    await expect(page.locator("#services")).toBeFocused();
    // Back returns to where the visitor was.
    await page.goBack();
    await expect(page).toHaveURL("/");
  });
});

test.describe("not found", () => {
  test("an unknown path shows the 404 page with status 404 @nojs", async ({ page }) => {
    const response = await open(page, "/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    // The first "Did you forget to add the page to the router?" was a developer's note:
    // a prospect gets a human sentence and the ways on.
    await expect(
      page.getByText(
        "Sorry, there is no page at this address. It may have moved, or the link may have a typo.",
      ),
    ).toBeVisible();
    const waysOn = page.getByRole("main").getByRole("navigation", { name: "Ways on" });
    for (const [name, href] of <const>[
      ["Home", "/"],
      ["Our Work", "/work"],
      ["Blog", "/blog"],
      ["Contact Us", "/contact"],
    ]) {
      await expect(waysOn.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    // Nothing is near "/no/such/page": no guess is offered.
    await expect(page.getByText("Were you looking for")).toHaveCount(0);
    // The layout is still there to help the visitor on.
    await expect(desktopNav(page)).toBeVisible();

    // A search of the articles, without JavaScript too.
    await page.getByRole("searchbox", { name: "Search the articles" }).fill("slow");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/blog?q=slow");
    await expect(page.getByText("1 article found")).toBeVisible();
  });

  test("a mistyped or cut-short address offers the page it most likely meant @nojs", async ({ page }) => {
    for (const [typed, title, href] of <const>[
      ["/servics/seo", "Search Engine Optimisation", "/services/seo"],
      ["/work/glow-aesthetics", "Glow Aesthetics Clinic", "/work/glow-aesthetics-clinic"],
      ["/blog/local-seo-dublin-checklist", "Local SEO in Dublin", "/blog/local-seo-dublin-2026-checklist"],
    ]) {
      const response = await open(page, typed);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Were you looking for")).toBeVisible();
      const suggestion = page.getByRole("link", { name: new RegExp(`^Go to .*${title}`) });
      await expect(suggestion).toHaveAttribute("href", href);
    }
    await page.getByRole("link", { name: /^Go to Local SEO in Dublin/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Local SEO in Dublin");
  });

  test("an unknown service is a 404 page too", async ({ page }) => {
    const response = await open(page, "/services/knitting");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  });

  test("following a client-side link to an unknown path renders the 404 page", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/definitely-missing";
      a.textContent = "missing";
      // First in main, on the first screen: a link at the end would be below parts that take their
      // real height only as they are first drawn (content-visibility), and could move under the click.
      document.getElementById("main")?.prepend(a);
    });
    await page.getByRole("link", { name: "missing" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  });

  test("a malformed URL is a client error, not a server error", async ({ request }) => {
    const response = await request.get("/%E0%A4%A");
    expect(response.status()).toBe(400);
  });
});

test("GET /healthz answers ok after a database query", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  const health = await response.json();
  expect(health).toMatchObject({ status: "ok", background: expect.stringMatching(/^(idle|busy)$/) });
  // Every recurring task, each with how its last run went (no error text: that is for the owner).
  expect(Object.keys(health.tasks)).toEqual(
    expect.arrayContaining(["jobs", "newsletter", "analytics", "retention", "posts"]),
  );
  for (const task of Object.values(health.tasks) as { ok: unknown; runs: unknown; lastRunAt: unknown }[]) {
    expect(typeof task.ok, "ok").toBe("boolean");
    expect(typeof task.runs, "runs").toBe("number");
    expect(task.lastRunAt === null || typeof task.lastRunAt === "string", "lastRunAt").toBe(true);
  }
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("every page of the route table answers 200", async ({ request }) => {
  const paths = [
    "/",
    ...SERVICE_PATHS,
    "/work",
    "/work/emerald-threads",
    "/about",
    "/contact",
    "/blog",
    "/blog/why-your-website-is-slow",
    "/admin/login",
    "/privacy",
    "/terms",
    "/cookies",
    "/favicon.ico",
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
});

test("the layout has no accessibility violations in either theme", async ({ page }) => {
  await open(page, "/");
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Light theme" }).check();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expectNoColourViolations(page);
});

test("F8 moves focus to the notifications region", async ({ page }) => {
  await open(page, "/");
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();
});
