import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { pressPublish } from "../support/editor";
import { open } from "../support/page";
import { unique } from "../support/unique";

// Decision 023: a case study saved without a cover gets artwork of its own, drawn by the server in
// the background after the save, and shown on /work and on its page like an upload (srcset, AVIF/WebP).

const GENERATED = /^\/uploads\/art\/work-[0-9a-f]{16}-1200x675\/1200\.jpg$/;

/** The cover's src once the drawing is done: the page is asked again until it shows it (a few seconds). */
async function coverOnceDrawn(page: Page, path: string, img: () => ReturnType<Page["locator"]>) {
  let src = "";
  await expect(async () => {
    await open(page, path);
    src = (await img().getAttribute("src")) ?? "";
    expect(src).toMatch(GENERATED);
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  return src;
}

test("a case study saved without a cover shows its generated artwork on /work and its page @mutates", async ({
  page,
}) => {
  await signIn(page);
  const title = `Quay Cycles: Bikes Sold While the Shop Sleeps ${unique()}`;
  await open(page, "/admin/case-studies");
  await page.getByRole("link", { name: "New case study" }).first().click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("A bike shop on the quays opened an online store.");
  const approach = page.getByRole("textbox", { name: "The approach", exact: true });
  await approach.click();
  await page.keyboard.type("We built a Shopify store and a repair booking page.");
  await page.getByLabel("Client name").fill("Quay Cycles");
  await page.getByLabel("Category").fill("E-commerce");
  await page.getByLabel("Website Development").check();
  await page.getByLabel("Figure 1").fill("212%");
  await page.getByLabel("Measures").first().fill("Online sales");
  await pressPublish(page);
  await expect(page).toHaveURL(/\/admin\/case-studies\?edit=.*saved=quay-cycles/);
  const slug = new URL(page.url()).searchParams.get("saved")!;

  const card = () => page.locator("article", { has: page.getByRole("link", { name: title }) }).locator("img");
  const src = await coverOnceDrawn(page, "/work", card);
  // Served like an upload: the responsive widths and the modern formats beside it.
  await expect(card()).toHaveAttribute("srcset", new RegExp(`${src.replace("1200.jpg", "480.jpg")} 480w`));
  const avif = page
    .locator("article", { has: page.getByRole("link", { name: title }) })
    .locator('source[type="image/avif"]');
  await expect(avif).toHaveAttribute("srcset", /\/uploads\/art\/work-[0-9a-f]{16}-1200x675\/960\.avif 960w/);
  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/jpeg");
  expect((await file.body()).length).toBeGreaterThan(10_000);
  // It has loaded in the page (a broken image has no natural width).
  await expect
    .poll(() => card().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await open(page, `/work/${slug}`);
  const cover = page.getByRole("img", { name: `Cover artwork for the ${title} case study` });
  await expect(cover).toHaveAttribute("src", src);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
