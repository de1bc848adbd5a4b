import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { open } from "../support/page";

// The pages whose opening has the hero glows: home, a service page (with its recent-work caption), about.
const HERO_PAGES = ["/", "/services/seo", "/about"];

/** What in the page's first section costs a layer of its own in every frame: masks and backdrop filters. */
const costlyEffects = (page: Page) =>
  page.evaluate(() =>
    [document.querySelector("main > :first-child")!, ...document.querySelectorAll("main > :first-child *")]
      .map((el) => {
        const style = getComputedStyle(el);
        return { mask: style.maskImage, backdrop: style.backdropFilter, className: el.className };
      })
      .filter(({ mask, backdrop }) => mask !== "none" || backdrop !== "none"),
  );

const glowImages = (page: Page) =>
  page
    .locator(".glow-disc")
    .evaluateAll((discs) => discs.map((disc) => getComputedStyle(disc).backgroundImage));

test.describe("the first screen paints cheaply", () => {
  // The glows' motion is what makes a mask or a blur cost in every frame.
  test.use({ reducedMotion: "no-preference" });

  for (const path of HERO_PAGES) {
    test(`${path}'s opening has no mask and no backdrop filter`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator("main > :first-child .glow-disc")).toHaveCount(2);
      expect(await costlyEffects(page)).toEqual([]);
    });
  }

  test("the glows are small images in the theme's colours, still floating", async ({ page, request }) => {
    await open(page, "/about");
    const dark = await glowImages(page);
    expect(dark).toHaveLength(2);
    expect(dark[0]).toMatch(/\/assets\/glow-dark-violet-[\w-]+\.webp/);
    expect(dark[1]).toMatch(/\/assets\/glow-dark-cyan-[\w-]+\.webp/);
    await expect(page.locator(".glow-disc").first()).toHaveCSS("animation-name", "float");

    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    const light = await glowImages(page);
    expect(light[0]).toMatch(/\/assets\/glow-light-violet-[\w-]+\.webp/);
    expect(light[1]).toMatch(/\/assets\/glow-light-cyan-[\w-]+\.webp/);

    // Hashed files, kept for good, each under a kilobyte (below what Chromium counts as a largest paint).
    for (const image of [...dark, ...light]) {
      const response = await request.get(image.match(/url\("?([^")]+)"?\)/)![1]!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
      expect(response.headers()["cache-control"]).toContain("immutable");
      expect((await response.body()).length).toBeLessThan(1024);
    }
  });
});
