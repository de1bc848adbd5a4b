import { expect, test } from "@playwright/test";

import { open } from "./support/page";

// Issue 17's rough edges, as a visitor on a phone (390 px) and on a laptop sees them.

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the contact form comes before the details @nojs", async ({ page }) => {
    await open(page, "/contact");
    const form = await page.getByRole("heading", { name: "Send Us a Message" }).boundingBox();
    const details = await page.getByRole("heading", { name: "Get in Touch" }).boundingBox();
    expect(form!.y).toBeLessThan(details!.y);
    expect(form!.y).toBeLessThan(844);
  });

  test("the blog's topics are one row that scrolls, each a 44 px target, and articles start on the first screen @nojs", async ({
    page,
  }) => {
    await open(page, "/blog");
    const topics = page.getByRole("navigation", { name: "Topics" });
    const links = topics.getByRole("link");
    const first = await links.first().boundingBox();
    const last = await links.last().boundingBox();
    expect(last!.y).toBe(first!.y);
    expect(first!.height).toBeGreaterThanOrEqual(44);
    expect(await topics.locator("ul").evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    const card = await page.getByRole("main").getByRole("article").first().boundingBox();
    expect(card!.y).toBeLessThan(844);
  });
});

test.describe("on a phone, every footer link", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("is a 44 px tap target @nojs", async ({ page }) => {
    await open(page, "/about");
    const heights = await page
      .getByRole("contentinfo")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getBoundingClientRect().height]));
    expect(heights.length).toBeGreaterThan(8);
    for (const [name, height] of heights) expect(height, String(name)).toBeGreaterThanOrEqual(44);
  });
});

test("the home page's 'Learn more' links line up along each row of services @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/");
  const services = page.getByRole("region", { name: "Our Services" }).getByRole("listitem");
  const bottoms = await services.evaluateAll((items) =>
    items.map((item) =>
      Math.round(item.querySelector("a > span:last-child")!.getBoundingClientRect().bottom),
    ),
  );
  expect(bottoms.slice(0, 3)).toEqual([bottoms[0], bottoms[0], bottoms[0]]);
  expect(bottoms.slice(3, 6)).toEqual([bottoms[3], bottoms[3], bottoms[3]]);
});

test("/work ends with a call to start a project, not on the last card @nojs", async ({ page }) => {
  await open(page, "/work");
  const closing = page.getByRole("region", { name: "Your Business Could Be Next" });
  await expect(closing.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/contact");
});
