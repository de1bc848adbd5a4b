import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";

import sharp, { type JpegOptions } from "sharp";
import { describe, expect, it } from "vitest";

import {
  IMAGE_BUSY,
  IMAGE_QUEUE,
  IMAGE_WORKERS,
  saveImage,
  saveVideo,
  sniffImage,
} from "~/features/media/uploads.server";
import { UploadError } from "~/platform/http/errors.server";
import { parseUploadedImage } from "~/platform/images";

const uploads = () => path.resolve(process.env.UPLOADS_DIR!);
const leftovers = () =>
  existsSync(path.join(uploads(), ".tmp")) ? readdirSync(path.join(uploads(), ".tmp")) : [];
const from = (bytes: Buffer) => Readable.from([bytes]);

async function jpeg(width: number, height: number, extra: JpegOptions = {}) {
  return sharp({ create: { width, height, channels: 3, background: "#6d28d9" } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .jpeg(extra)
    .toBuffer();
}

async function refused(run: Promise<unknown>, status: number) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).status).toBe(status);
  expect(leftovers()).toEqual([]);
}

describe("saveImage", () => {
  it("re-encodes a large JPEG into never-upscaled widths as AVIF, WebP and JPEG, metadata stripped", async () => {
    const { publicURL, width, height } = await saveImage(from(await jpeg(4000, 3000)));
    expect({ width, height }).toEqual({ width: 4000, height: 3000 });
    const image = parseUploadedImage(publicURL)!;
    expect(image.widths).toEqual([480, 960, 1600]);
    expect(publicURL).toMatch(/\/1600\.jpg$/);
    const dir = path.join(uploads(), image.dir.replace("/uploads/", ""));
    expect(readdirSync(dir).sort()).toEqual([
      "1600.avif",
      "1600.jpg",
      "1600.webp",
      "480.avif",
      "480.jpg",
      "480.webp",
      "960.avif",
      "960.jpg",
      "960.webp",
    ]);
    const meta = await sharp(path.join(dir, "960.jpg")).metadata();
    expect(meta.width).toBe(960);
    expect(meta.exif).toBeUndefined();
    expect(leftovers()).toEqual([]);
  });

  it("keeps a small image at its own size and a transparent one as PNG", async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const { publicURL } = await saveImage(from(png));
    expect(publicURL).toMatch(/-300x200\/300\.png$/);
  });

  it("refuses what is not an image by its bytes, whatever it is called", async () => {
    await refused(saveImage(from(Buffer.from("<html><script>alert(1)</script></html>"))), 415);
    await refused(
      saveImage(from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'))),
      415,
    );
    await refused(saveImage(from(Buffer.from("%PDF-1.7 not an image"))), 415);
  });

  it("refuses a truncated JPEG and leaves nothing behind", async () => {
    const whole = await jpeg(800, 600);
    await refused(saveImage(from(whole.subarray(0, Math.floor(whole.length / 3)))), 415);
  });

  it("stops reading at 10 MiB + 1 byte", async () => {
    const header = await jpeg(64, 64);
    const big = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length)]);
    await refused(saveImage(from(big)), 413);
  });

  it("answers an upload cut off half-way with a 400 (the client's doing) and cleans it up", async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        this.destroy(new Error("client went away"));
      },
    });
    const error = await saveImage(broken).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: "The upload was cut off before the end" });
    expect((error as Error).cause).toMatchObject({ message: "client went away" });
    expect(leftovers()).toEqual([]);
  });

  it("refuses an image beyond the workers and their short queue at once with 503, and takes one again after", async () => {
    // Uploads still arriving hold their places: as many as IMAGE_WORKERS run and IMAGE_QUEUE wait.
    const arriving = Array.from({ length: IMAGE_WORKERS + IMAGE_QUEUE }, () => new PassThrough());
    const held = arriving.map((stream) => saveImage(stream));
    const small = await jpeg(64, 48);
    const refused = await saveImage(from(small)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadError);
    expect(refused).toMatchObject({ status: 503, message: IMAGE_BUSY, retryAfterSeconds: 30 });
    for (const stream of arriving) stream.end(small);
    expect((await Promise.all(held)).map((saved) => saved.width)).toEqual(arriving.map(() => 64));
    await expect(saveImage(from(small))).resolves.toMatchObject({ width: 64, height: 48 });
    expect(leftovers()).toEqual([]);
  });

  it("takes an image just under 50 megapixels (7000×7000 with transparency) into its widths", async () => {
    // ~200 KB of PNG that decodes to 196 MB of pixels: its memory is bench:uploads' to measure.
    const png = await sharp({
      create: { width: 7000, height: 7000, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.6 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const { publicURL, width, height } = await saveImage(from(png));
    expect({ width, height }).toEqual({ width: 7000, height: 7000 });
    expect(parseUploadedImage(publicURL)!.widths).toEqual([480, 960, 1600]);
    expect(leftovers()).toEqual([]);
  });

  it("refuses an image of more than 50 megapixels with 413 before decoding it", async () => {
    // 8000×8000 of one colour: a small file, but 64 megapixels.
    const png = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const error = await saveImage(from(png)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, message: expect.stringContaining("50 megapixels") });
    expect(leftovers()).toEqual([]);
  });

  it("recognises the five image types by their first bytes", () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpeg");
    expect(sniffImage(Buffer.from("GIF89a......"))).toBe("gif");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImage(Buffer.from("\0\0\0\x1cftypavif"))).toBe("avif");
    expect(sniffImage(Buffer.from("\0\0\0\x18ftypmp42"))).toBeNull();
  });
});

describe("saveVideo", () => {
  const mp4 = Buffer.concat([Buffer.from("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"), Buffer.alloc(2048)]);

  it("stores MP4, WebM and Ogg under a random name", async () => {
    const saved = await saveVideo(from(mp4));
    expect(saved.publicUrl).toMatch(/^\/uploads\/videos\/[0-9a-f]{24}\.mp4$/);
    expect(existsSync(path.join(uploads(), "videos", saved.fileName))).toBe(true);
    expect(
      (await saveVideo(from(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]))))
        .fileName,
    ).toMatch(/\.webm$/);
    expect((await saveVideo(from(Buffer.concat([Buffer.from("OggS"), Buffer.alloc(64)])))).fileName).toMatch(
      /\.ogg$/,
    );
  });

  it("refuses a PNG called .mp4, with the upload API's message", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const error = await saveVideo(from(png)).catch((e: UploadError) => e);
    expect(error).toMatchObject({
      status: 415,
      message: "Please upload a valid video file (MP4, WebM, or OGG)",
    });
    expect(leftovers()).toEqual([]);
  });
});
