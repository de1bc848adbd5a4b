import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "./support/auth";
import { open } from "./support/page";
import { unique } from "./support/unique";

async function jpegFile(name: string, width = 1800, height = 1000, color = "#0e7490") {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}
const mp4 = () => ({
  name: "clip.mp4",
  mimeType: "video/mp4",
  buffer: Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), Buffer.alloc(4096)]),
});

const imageInput = (page: Page) => page.getByLabel(/Upload images/);
const videoInput = (page: Page) => page.getByLabel(/Upload a video/);

test.describe("uploads in the editor @mutates", () => {
  test("an uploaded image becomes the cover and the post shows it as a responsive <picture>", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const id = unique();
    await signIn(page);
    await open(page, "/admin/blog?new");
    await imageInput(page).setInputFiles(await jpegFile("cover.jpg"));
    const uploaded = page.getByRole("list", { name: "Uploaded images" }).getByRole("listitem");
    await expect(uploaded.getByRole("button", { name: "Use as cover" })).toBeVisible();
    await uploaded.getByRole("button", { name: "Copy URL" }).click();
    await expect(uploaded.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/uploads\/images\/[a-f0-9]+-1800x1000\/1600\.jpg$/,
    );
    await expect(uploaded.getByRole("button", { name: "Copy URL" })).toBeVisible({ timeout: 4000 });
    await uploaded.getByRole("button", { name: "Use as cover" }).click();
    await expect(page.getByLabel("Cover Image URL")).toHaveValue(
      /^\/uploads\/images\/[a-f0-9]+-1800x1000\/1600\.jpg$/,
    );

    await videoInput(page).setInputFiles(mp4());
    await expect(page.getByText("Uploaded clip.mp4")).toBeVisible();
    await expect(page.getByLabel("Video URL")).toHaveValue(/^\/uploads\/videos\/[a-f0-9]{24}\.mp4$/);
    await expect(page.getByRole("progressbar", { name: "Video upload progress" })).toHaveCount(0, {
      timeout: 3000,
    });

    await page.getByLabel("Title").fill(`With media ${id}`);
    await page.getByLabel("Excerpt").fill("Has a cover and a video.");
    await page.getByRole("button", { name: "Save & Publish" }).click();
    await expect(page).toHaveURL(/result=created/);

    await open(page, `/blog/with-media-${id}`);
    const picture = page.locator("main article picture").first();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      /480\.avif 480w, .*960\.avif 960w, .*1600\.avif 1600w/,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp 480w/);
    const img = picture.locator("img");
    await expect(img).toHaveAttribute("width", "1800");
    await expect(img).toHaveAttribute("height", "1000");
    await expect(img).toHaveAttribute("fetchpriority", "high");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    const video = page.locator("main article video");
    await expect(video).toHaveAttribute("src", /^\/uploads\/videos\/[a-f0-9]{24}\.mp4$/);
    await expect(video).toHaveAttribute("preload", "metadata");

    const src = (await video.getAttribute("src"))!;
    const ranged = await page.request.get(src, { headers: { Range: "bytes=0-99" } });
    expect(ranged.status()).toBe(206);
    expect(ranged.headers()["content-type"]).toBe("video/mp4");
    expect(ranged.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
    const served = await page.request.get((await img.getAttribute("src"))!);
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["cache-control"]).toContain("immutable");
    expect(served.headers()["content-security-policy"]).toContain("sandbox");
  });

  test("the widget enforces five images a session and explains wrong types and sizes", async ({ page }) => {
    await signIn(page);
    await open(page, "/admin/blog?new");
    const colors = ["#111111", "#222222", "#333333", "#444444", "#555555"];
    for (const [i, color] of colors.entries())
      await imageInput(page).setInputFiles(await jpegFile(`img-${i}.jpg`, 600, 400, color));
    await expect(page.getByRole("button", { name: "Use as cover" })).toHaveCount(5, { timeout: 20_000 });
    await imageInput(page).setInputFiles(await jpegFile("img-5.jpg", 600, 400, "#666666"));
    await expect(page.getByText("Too many files: at most 5 images per session")).toBeVisible();

    await page.reload();
    await imageInput(page).setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await expect(page.getByText("notes.txt: this file type is not allowed")).toBeVisible();
    await imageInput(page).setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(page.getByText("huge.jpg: this file is too large (10 MB at most)")).toBeVisible();
    // Named and typed like a PNG, but HTML inside: the server decides by the bytes.
    await imageInput(page).setInputFiles({
      name: "page.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    await expect(page.getByText("Please upload a JPEG, PNG, WebP, GIF or AVIF image")).toBeVisible();

    await videoInput(page).setInputFiles({
      name: "clip.avi",
      mimeType: "video/x-msvideo",
      buffer: Buffer.alloc(10),
    });
    await expect(page.getByText("Please upload a valid video file (MP4, WebM, or OGG)")).toBeVisible();
    await videoInput(page).setInputFiles({
      name: "fake.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from("not really a video at all"),
    });
    await expect(
      page.getByText("Failed to upload video: Please upload a valid video file (MP4, WebM, or OGG)"),
    ).toBeVisible();
  });

  test("without JavaScript a cover image comes along with the post @nojs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const id = unique();
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("e2e-admin-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.goto("/admin/blog?new");
    await page.getByLabel("Title").fill(`No script cover ${id}`);
    await page.getByLabel("Excerpt").fill("Uploaded with a plain form.");
    await page.getByLabel("Or upload a cover image").setInputFiles(await jpegFile("plain.jpg", 1200, 900));
    await page.getByRole("button", { name: "Save & Publish" }).click();
    await expect(page).toHaveURL(/result=created/);
    await page.goto(`/blog/no-script-cover-${id}`);
    await expect(page.locator('main article picture source[type="image/avif"]').first()).toHaveAttribute(
      "srcset",
      /-1200x900\/480\.avif 480w/,
    );
    await context.close();
  });
});

test.describe("the upload API", () => {
  test("needs the admin, and the one-time URL works once", async ({ request, page }) => {
    expect((await request.post("/api/images/upload")).status()).toBe(401);
    expect(
      (
        await request.post("/api/videos/upload", {
          multipart: { video: { name: "a.mp4", mimeType: "video/mp4", buffer: mp4().buffer } },
        })
      ).status(),
    ).toBe(401);
    await signIn(page);
    const { uploadURL } = await (await page.request.post("/api/images/upload")).json();
    expect(uploadURL).toMatch(/^\/api\/images\/put\/[\w-]+$/);
    const file = await jpegFile("api.jpg", 500, 500);
    const put = await page.request.put(uploadURL, {
      headers: { "Content-Type": "image/jpeg" },
      data: file.buffer,
    });
    expect(put.status()).toBe(200);
    expect(
      (
        await page.request.put(uploadURL, { headers: { "Content-Type": "image/jpeg" }, data: file.buffer })
      ).status(),
    ).toBe(404);
    const registered = await page.request.put("/api/images", { data: { imageURL: uploadURL } });
    expect(await registered.json()).toEqual({ publicURL: expect.stringMatching(/-500x500\/500\.jpg$/) });

    const video = await page.request.post("/api/videos/upload", {
      data: {
        video: `data:video/mp4;base64,${mp4().buffer.toString("base64")}`,
        fileName: "../../etc/passwd.mp4",
        mimeType: "video/mp4",
      },
    });
    expect(video.status()).toBe(201);
    expect((await video.json()).publicUrl).toMatch(/^\/uploads\/videos\/[a-f0-9]{24}\.mp4$/);
    const tooBig = await page.request.put(
      (await (await page.request.post("/api/images/upload")).json()).uploadURL,
      {
        headers: { "Content-Type": "image/jpeg" },
        data: Buffer.alloc(10 * 1024 * 1024 + 1),
      },
    );
    expect(tooBig.status()).toBe(413);
  });
});
