import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { signIn, signInWithForm } from "../support/auth";
import { expectNoAxeViolations, expectNoColourViolations } from "../support/axe";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

type Item = { id: string; url: string; kind: string; alt: string; width: number; height: number };

/** A JPEG of `width`×`height` (sizes are how a test finds its own file among everyone's). */
async function jpegFile(name: string, width: number, height: number, noisy = false) {
  const create = noisy
    ? {
        width,
        height,
        channels: 3 as const,
        background: "#000",
        noise: { type: "gaussian" as const, mean: 128, sigma: 80 },
      }
    : { width, height, channels: 3 as const, background: "#0e7490" };
  return { name, mimeType: "image/jpeg", buffer: await sharp({ create }).jpeg({ quality: 95 }).toBuffer() };
}
const rowsOfSize = (width: number, height: number) =>
  withDb(
    (db) =>
      (
        db.prepare("select count(*) as n from media where width = ? and height = ?").get(width, height) as {
          n: number;
        }
      ).n,
  );
/** A size no other test uses: 1000-1999 × 700-999. */
const uniqueSize = () => ({
  width: 1000 + Math.floor(Math.random() * 1000),
  height: 700 + Math.floor(Math.random() * 300),
});

/** Uploads go through Chrome's network throttling, so their progress is seen (and can be cancelled). */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

const card = (page: Page, width: number, height: number) =>
  page
    .getByRole("list", { name: "Media" })
    .getByRole("listitem")
    .filter({ hasText: `${width}×${height}` });

test.describe("the media library", () => {
  test("an image uploaded on the page shows its progress, then its tile; its alt text is saved and in the API", async ({
    page,
  }) => {
    const { width, height } = uniqueSize();
    const alt = `Harbour at dusk ${unique()}`;
    await signIn(page, undefined, { at: "/admin/media" });
    await expect(page.getByRole("heading", { name: "Media library" })).toBeVisible();
    const file = await jpegFile("harbour.jpg", width, height, true);
    const restore = await slowUploads(page, Math.max(64 * 1024, Math.round(file.buffer.length / 3)));
    await page.getByLabel("Upload files").setInputFiles(file);
    const bar = page.getByRole("progressbar", { name: "Uploading harbour.jpg" });
    await expect(bar).toHaveAttribute("aria-valuetext", /^([1-9]\d?)%$/);
    await expect(page.getByText(/^\d{1,2}%$/).first()).toBeVisible();
    await restore();

    const tile = card(page, width, height);
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await expect(tile.getByText("Alt text missing")).toBeVisible();
    await expect(tile.locator("img").first()).toHaveJSProperty("complete", true);

    await tile.getByLabel("Alt text").fill(alt);
    await tile.getByLabel("Caption").fill("Taken from the Poolbeg lighthouse");
    await tile.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByRole("status").filter({ hasText: alt })).toBeVisible();
    await expect(tile.getByText("Alt text missing")).toHaveCount(0);
    expect(page.url()).toMatch(/\/admin\/media$/);

    const listed = (await (
      await page.request.get(`/api/media?kind=image&q=${encodeURIComponent(alt)}`)
    ).json()) as Item[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      kind: "image",
      alt,
      width,
      height,
      caption: "Taken from the Poolbeg lighthouse",
      usedBy: [],
    });
  });

  test("a cancelled upload leaves no file in the library", async ({ page }) => {
    const { width, height } = uniqueSize();
    await signIn(page, undefined, { at: "/admin/media" });
    const file = await jpegFile("cancel-me.jpg", width, height, true);
    await slowUploads(page, 32 * 1024);
    await page.getByLabel("Upload files").setInputFiles(file);
    const bar = page.getByRole("progressbar", { name: "Uploading cancel-me.jpg" });
    await expect(bar).toHaveAttribute("aria-valuetext", /^\d+%$/);
    await page.getByRole("button", { name: "Cancel uploading cancel-me.jpg" }).click();
    await expect(bar).toHaveCount(0);
    await page.waitForTimeout(1500);
    expect(rowsOfSize(width, height)).toBe(0);
    await expect(card(page, width, height)).toHaveCount(0);
  });

  test("a refused file says why on its own item", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/media" });
    await page.getByLabel("Upload files").setInputFiles({
      name: "page.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    const item = page
      .getByRole("list", { name: "Uploads" })
      .getByRole("listitem")
      .filter({ hasText: "page.png" });
    await expect(item.getByRole("alert")).toHaveText("Please upload a JPEG, PNG, WebP, GIF or AVIF image");
  });

  test("without JavaScript a file is uploaded with a plain form and its alt text saved @nojs", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { width, height } = uniqueSize();
    const alt = `Plain form ${unique()}`;
    await signInWithForm(page);
    await page.goto("/admin/media");
    await page.getByLabel("Upload a file").setInputFiles(await jpegFile("plain.jpg", width, height));
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/media\?uploaded=1$/);
    await expect(page.getByRole("status").filter({ hasText: "File uploaded" })).toBeVisible();
    const tile = card(page, width, height);
    await tile.getByLabel("Alt text").fill(alt);
    await tile.getByRole("button", { name: /^Save/ }).click();
    await expect(card(page, width, height).getByRole("status")).toContainText(alt);
    expect(
      withDb((db) => db.prepare("select alt from media where width = ? and height = ?").get(width, height)),
    ).toEqual({
      alt,
    });
    await context.close();
  });
});

test("the library has no axe violations in dark and light, with files and with none matching", async ({
  page,
}) => {
  await signIn(page);
  await page.request.post("/api/media", {
    multipart: { file: await jpegFile("axe.jpg", 640, 480) },
  });
  for (const theme of ["dark", "light"]) {
    const scan = theme === "dark" ? expectNoAxeViolations : expectNoColourViolations;
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await open(page, "/admin/media");
    await scan(page);
    await open(page, "/admin/media?q=nothing-matches-this");
    await expect(page.getByText("Nothing matches")).toBeVisible();
    await scan(page);
  }
});

test.describe("the media API", () => {
  test("needs the admin; a video takes WebVTT captions, served as text/vtt like any upload", async ({
    page,
    request,
  }) => {
    expect((await request.get("/api/media")).status()).toBe(401);
    expect((await request.put("/api/media/x", { data: { alt: "x" } })).status()).toBe(401);
    await signIn(page);
    const video = await page.request.post("/api/media", {
      multipart: {
        file: {
          name: "clip.mp4",
          mimeType: "video/mp4",
          buffer: Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), Buffer.alloc(4096)]),
        },
      },
    });
    expect(video.status()).toBe(201);
    const item = (await video.json()) as Item;
    expect(item).toMatchObject({
      kind: "video",
      url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f]{24}\.mp4$/),
    });
    const refused = await page.request.post(`/api/media/${item.id}/captions`, {
      multipart: {
        captions: {
          name: "subs.srt",
          mimeType: "text/plain",
          buffer: Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nHi\n"),
        },
      },
    });
    expect(refused.status()).toBe(400);
    const added = await page.request.post(`/api/media/${item.id}/captions`, {
      multipart: {
        captions: {
          name: "subs.vtt",
          mimeType: "text/vtt",
          buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nDia duit\n"),
        },
      },
    });
    expect(added.status()).toBe(200);
    const { captionsUrl } = (await added.json()) as { captionsUrl: string };
    const served = await request.get(captionsUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^text\/vtt/);
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["content-security-policy"]).toContain("sandbox");
    expect(await served.text()).toContain("Dia duit");

    const bad = await page.request.put(`/api/media/${item.id}`, { data: { caption: "x".repeat(1001) } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: "caption" }] });
    expect((await page.request.put("/api/media/unknown", { data: { alt: "x" } })).status()).toBe(404);
  });
});

// Not a check: `MEDIA_SCREENSHOTS=dir npx playwright test tests/e2e/media/media.spec.ts -g screenshots`
// writes the library at 1280 and 390 px in both themes, to be looked at.
test("screenshots of the library", async ({ page }) => {
  const dir = process.env.MEDIA_SCREENSHOTS;
  test.skip(!dir || test.info().project.name !== "chromium", "only when MEDIA_SCREENSHOTS names a folder");
  await signIn(page);
  for (const theme of ["dark", "light"]) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/admin/media");
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${dir}/media-${width}-${theme}.png`, fullPage: true });
    }
  }
  const restore = await slowUploads(page, 48 * 1024);
  await page
    .getByLabel("Upload files")
    .setInputFiles([
      await jpegFile("team-offsite.jpg", 1400, 900, true),
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
  await expect(page.getByRole("progressbar", { name: "Uploading team-offsite.jpg" })).toHaveAttribute(
    "aria-valuetext",
    /^[1-9]\d?%$/,
  );
  await page.screenshot({ path: `${dir}/media-uploading-390-light.png` });
  await restore();
});
