import { existsSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { adminSessionCookie } from "../../../scripts/lib/start-server";
import { signIn, signInWithForm } from "../support/auth";
import { pressPublish } from "../support/editor";
import { open } from "../support/page";
import { sharedServer } from "../support/server";
import { multipartParts, sendUnfinished } from "../support/unfinished-upload";
import { unique } from "../support/unique";

const MB = 1024 * 1024;
const baseURL = () => sharedServer().baseURL;
/** What is in the shared server's uploads/.tmp: temporary files of uploads under way or left behind. */
const leftovers = () => {
  const tmp = path.join(sharedServer().uploadsDir, ".tmp");
  return existsSync(tmp) ? readdirSync(tmp) : [];
};

async function jpegBytes(width: number, height: number, color = "#0e7490") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}
async function jpegFile(name: string, width = 1800, height = 1000, color = "#0e7490") {
  return { name, mimeType: "image/jpeg", buffer: await jpegBytes(width, height, color) };
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
    await signIn(page, undefined, { at: "/admin/posts?new" });
    // One control: the upload becomes the cover at once.
    await expect(page.getByText("No cover yet")).toBeVisible();
    await page.getByLabel("Upload a cover", { exact: true }).setInputFiles(await jpegFile("cover.jpg"));
    await expect(page.getByLabel("Cover Image URL")).toHaveValue(
      /^\/uploads\/images\/[a-f0-9]+-1800x1000\/1600\.jpg$/,
    );
    await expect(page.getByText("No cover yet")).toHaveCount(0);

    // An image for the text: uploaded, its address copied.
    await imageInput(page).setInputFiles(await jpegFile("in-text.jpg"));
    const uploaded = page.getByRole("list", { name: "Uploaded images" }).getByRole("listitem");
    await uploaded.getByRole("button", { name: "Copy URL" }).click({ timeout: 30_000 });
    await expect(uploaded.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/uploads\/images\/[a-f0-9]+-1800x1000\/1600\.jpg$/,
    );
    await expect(uploaded.getByRole("button", { name: "Copy URL" })).toBeVisible({ timeout: 4000 });

    await videoInput(page).setInputFiles(mp4());
    await expect(page.getByText("Uploaded clip.mp4")).toBeVisible();
    await expect(page.getByLabel("Video URL")).toHaveValue(/^\/uploads\/videos\/[a-f0-9]{24}\.mp4$/);
    await expect(page.getByRole("progressbar", { name: "Video upload progress" })).toHaveCount(0, {
      timeout: 3000,
    });

    await page.getByLabel("Title", { exact: true }).fill(`With media ${id}`);
    await page.getByLabel("Excerpt").fill("Has a cover and a video.");
    await pressPublish(page);
    // With problems open the first press saved it as a draft: the second updates it.
    await expect(page).toHaveURL(/result=(created|updated)/);

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

  test("the widget takes more than five images (the library replaced the cap) and explains wrong types and sizes", async ({
    page,
  }) => {
    await signIn(page, undefined, { at: "/admin/posts?new" });
    const colors = ["#111111", "#222222", "#333333", "#444444", "#555555", "#666666"];
    for (const [i, color] of colors.entries())
      await imageInput(page).setInputFiles(await jpegFile(`img-${i}.jpg`, 600, 400, color));
    await expect(page.getByRole("button", { name: "Copy URL" })).toHaveCount(6, { timeout: 30_000 });

    // Opened again (not reloaded) so the files are given only once React listens for them.
    await open(page, "/admin/posts?new");
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
    await signInWithForm(page);
    await page.goto("/admin/posts?new");
    await page.getByLabel("Title", { exact: true }).fill(`No script cover ${id}`);
    await page.getByLabel("Excerpt").fill("Uploaded with a plain form.");
    await page.getByLabel("Or upload a cover image").setInputFiles(await jpegFile("plain.jpg", 1200, 900));
    // With problems open the server saves a draft and asks: the second press publishes.
    await pressPublish(page);
    await expect(page).toHaveURL(/result=(created|updated)/);
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

test.describe("uploads over their limits", () => {
  let cookie: string;
  test.beforeAll(async () => {
    cookie = await adminSessionCookie(baseURL());
  });

  test("a multipart image or video over its limit gets its 413 while it is still being sent, and nothing stays on disk", async () => {
    const cases = [
      { url: "/api/images", field: "image", size: 20 * MB, error: "Image file size must be at most 10 MB" },
      {
        url: "/api/videos/upload",
        field: "video",
        size: 120 * MB,
        error: "Video file size must be less than 100MB",
      },
    ];
    for (const { url, field, size, error } of cases) {
      // Announced by Content-Length, or chunked so the server has to count as the bytes arrive.
      for (const contentLength of [true, false]) {
        const parts = multipartParts(field, "big.bin", "application/octet-stream");
        const answer = await sendUnfinished(`${baseURL()}${url}`, {
          headers: { Cookie: cookie, "Content-Type": parts.contentType },
          head: parts.head,
          size,
          tail: parts.tail,
          contentLength,
        });
        const label = `${url} ${contentLength ? "with Content-Length" : "chunked"}`;
        expect(answer.status, label).toBe(413);
        expect(JSON.parse(answer.body), label).toEqual({ error });
        expect(answer.finished, label).toBe(false);
        expect(answer.headers.connection, label).toBe("close");
      }
    }
    // A one-time upload URL takes raw bytes: the same, and the URL can be used again.
    const { uploadURL } = (await (
      await fetch(`${baseURL()}/api/images/upload`, { method: "POST", headers: { Cookie: cookie } })
    ).json()) as { uploadURL: string };
    const put = await sendUnfinished(`${baseURL()}${uploadURL}`, {
      method: "PUT",
      headers: { Cookie: cookie, "Content-Type": "image/png" },
      size: 20 * MB,
    });
    expect([put.status, put.finished]).toEqual([413, false]);
    const retried = await fetch(`${baseURL()}${uploadURL}`, {
      method: "PUT",
      headers: { Cookie: cookie, "Content-Type": "image/jpeg" },
      body: new Uint8Array((await jpegFile("again.jpg", 200, 100)).buffer),
    });
    expect(retried.status).toBe(200);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });

  test("the JSON data URL is decoded as it arrives: one over 100 MB gets its 413 before the body ends", async () => {
    const head = Buffer.from(
      `{"fileName":"big.mp4","video":"data:video/mp4;base64,${Buffer.from("\0\0\0\x18ftypmp42").toString("base64")}`,
    );
    // 140 MB of base64 is 105 MB of video; the body is chunked, so only the decoded bytes can tell.
    const answer = await sendUnfinished(`${baseURL()}/api/videos/upload`, {
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      head,
      size: 140 * MB,
      tail: Buffer.from('"}'),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "Video file size must be less than 100MB" });
    expect(answer.finished).toBe(false);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });

  test("an upload cut off half-way leaves nothing behind", async () => {
    const parts = multipartParts("image", "cut.png", "image/png");
    await new Promise<void>((resolve, reject) => {
      const request = http.request(`${baseURL()}/api/images`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": parts.contentType, "Content-Length": String(8 * MB) },
      });
      request.on("error", () => resolve());
      request.on("response", (response) => reject(new Error(`answered ${response.statusCode}`)));
      request.write(parts.head);
      request.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      request.write(Buffer.alloc(2 * MB, 1), () => setTimeout(() => request.destroy(), 300));
    });
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });

  test("without JavaScript, a cover over 10 MB brings the editor back with its error and what was typed @nojs", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithForm(page);
    await page.goto("/admin/posts?new");
    const title = `Too big a cover ${unique()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content (HTML)").fill("<p>Typed before choosing the cover.</p>");
    const cover = test.info().outputPath("big-cover.jpg");
    writeFileSync(cover, Buffer.concat([await jpegBytes(64, 64), Buffer.alloc(11 * MB)]));
    await page.getByLabel("Or upload a cover image").setInputFiles(cover);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save & Publish" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByText("Image file size must be at most 10 MB")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Content (HTML)")).toHaveValue("<p>Typed before choosing the cover.</p>");

    // Far past what the form may carry: refused at once, the rest of the file left unread.
    const huge = test.info().outputPath("huge-cover.jpg");
    writeFileSync(huge, Buffer.alloc(40 * MB, 1));
    await page.getByLabel("Or upload a cover image").setInputFiles(huge);
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save & Publish" }).click();
    expect((await refused).status()).toBe(413);
    await expect(page.getByText(/The form with its cover image must be at most 32 MB/)).toBeVisible();
    await context.close();
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual([]);
  });
});
