import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { open } from "../support/page";

// Rough edges a visitor would notice on a phone (390 px) and on a laptop, checked as they see them.

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
    const pills = page.getByRole("navigation", { name: "Topics" }).getByRole("list").first();
    const links = pills.getByRole("link");
    const first = await links.first().boundingBox();
    const last = await links.last().boundingBox();
    expect(last!.y).toBe(first!.y);
    expect(first!.height).toBeGreaterThanOrEqual(44);
    expect(await pills.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    const card = await page.getByRole("main").getByRole("article").first().boundingBox();
    expect(card!.y).toBeLessThan(844);
  });
});

test.describe("on a phone, every footer link", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("is a 44 px tap target @nojs", async ({ page }) => {
    await open(page, "/about");
    // The footer is laid out only as it nears the screen (content-visibility: auto): scrolled to, as
    // a person reaching for its links does.
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    const measure = () =>
      footer
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((link) => [link.textContent, link.getBoundingClientRect().height] as const),
        );
    await expect
      .poll(async () => Math.min(...(await measure()).map(([, height]) => height)), {
        message: "the footer's links to be laid out",
      })
      .toBeGreaterThan(0);
    const heights = await measure();
    expect(heights.length).toBeGreaterThan(8);
    for (const [name, height] of heights) expect(height, String(name)).toBeGreaterThanOrEqual(44);
  });
});

test("the home page's services are one list whose arrows line up @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/");
  const services = page.getByRole("region", { name: "Our Services" }).getByRole("listitem");
  await expect(services).toHaveCount(6);
  const arrows = await services.evaluateAll((items) =>
    items.map((item) => Math.round(item.querySelector("a > span:last-child")!.getBoundingClientRect().right)),
  );
  expect(new Set(arrows).size).toBe(1);
});

test("/work ends with a call to start a project, not on the last card @nojs", async ({ page }) => {
  await open(page, "/work");
  const closing = page.getByRole("region", { name: "Your Business Could Be Next" });
  await expect(closing.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/contact");
});

test("a service page's case-study results fit their tiles on a phone @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/services/automation-ai-app-development");
  const overflowing = await page
    .getByRole("region", { name: "Results We Delivered" })
    .getByRole("list", { name: "Results" })
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.textContent),
    );
  expect(overflowing).toEqual([]);
});

test("package cards are equally tall, each ending in its action @nojs", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/");
  const standard = (await page.getByRole("article", { name: "Standard" }).boundingBox())!;
  const premium = (await page.getByRole("article", { name: "Premium" }).boundingBox())!;
  expect(Math.abs(standard.height - premium.height)).toBeLessThanOrEqual(1);
  const action = (await page
    .getByRole("article", { name: "Standard" })
    .getByRole("link", { name: /Get Started/ })
    .boundingBox())!;
  expect(standard.y + standard.height - (action.y + action.height)).toBeLessThanOrEqual(40);
});

test("the light theme's gradient headline stays in colour from end to end", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, "/");
  const highlight = page.getByRole("heading", { level: 1 }).locator(".text-brand-gradient");
  const { data, info } = await sharp(await highlight.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Per column crossing a glyph's stem, the saturation of its most solid pixel (the page is white).
  const greyest = Array.from({ length: info.width }, (_, x) => {
    let solid = [255, 255, 255];
    for (let y = 0; y < info.height; y++) {
      const i = (y * info.width + x) * info.channels;
      const pixel = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.max(...pixel) < Math.max(...solid)) solid = pixel;
    }
    const [max, min] = [Math.max(...solid), Math.min(...solid)];
    return max < 170 ? (max - min) / max : undefined;
  }).filter((saturation) => saturation !== undefined);
  expect(greyest.length).toBeGreaterThan(50);
  expect(Math.min(...greyest)).toBeGreaterThan(0.45);
});

/** The room left before and after the last row of a grid's cards (its list's padding aside). */
async function lastRowRoom(page: Page, items: string): Promise<[number, number]> {
  const boxes = await page
    .locator(items)
    .evaluateAll((all) =>
      all.map((item) => item.getBoundingClientRect()).map((r) => [r.top, r.left, r.right]),
    );
  const lastTop = Math.max(...boxes.map(([top]) => top!));
  const last = boxes.filter(([top]) => top === lastTop);
  const [left, right] = await page
    .locator(items)
    .first()
    .evaluate((li) => {
      const list = li.parentElement!;
      const style = getComputedStyle(list);
      const box = list.getBoundingClientRect();
      return [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
    });
  return [Math.min(...last.map(([, l]) => l!)) - left!, right! - Math.max(...last.map(([, , r]) => r!))];
}

for (const width of [800, 1280]) {
  // Six of each: the lead across the row, then five in rows of three (halves for the last two), which
  // once left the last row a card short.
  for (const path of ["/work", "/blog"]) {
    test(`${path}'s last row of cards leaves no hole at ${width} px @nojs`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      const [before, after] = await lastRowRoom(page, "li[data-item]");
      // Full, or (a card alone in two columns) centred: as much room on either side.
      expect(Math.abs(before - after)).toBeLessThan(2);
      if (width === 1280) expect(before).toBeLessThan(2);
    });
  }
}

test("on a phone the home page's row of work starts at the page's margin, not at its edge", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  const first = page.getByRole("region", { name: "Case Studies" }).getByRole("article").first();
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect((await first.boundingBox())!.x).toBe(heading.x);
});

test("a headline's highlight that wraps is in colour on every line, as translations' longer words do", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/");
  const highlight = page.getByRole("heading", { level: 1 }).locator(".glitch");
  await highlight.evaluate((element) => {
    element.firstChild!.textContent = "Bliain ar bhliain i ndiaidh a chéile";
  });
  const { data, info } = await sharp(await highlight.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Saturated pixels (the gradient's ink) in each band of the wrapped text, top to bottom.
  const bands = 3;
  const inked = Array.from({ length: bands }, () => 0);
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
      if (max > 90 && (max - min) / max > 0.4) inked[Math.floor((y * bands) / info.height)]!++;
    }
  expect(info.height).toBeGreaterThan(80);
  for (const count of inked) expect(count).toBeGreaterThan(200);
});
