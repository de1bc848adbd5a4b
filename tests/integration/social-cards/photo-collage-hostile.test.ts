// A case study's cover made of its own pictures reads files already in the media library, in the
// background. Those files can still be anything by the time it reads them (a restored backup, a disk
// that filled while a file was written, a folder copied in by hand): each bad one is left out, the
// cover is made of the good ones or drawn, and nothing crashes, rejects unhandled or is left half-written.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32, deflateSync } from "node:zlib";

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import { getCaseStudyById, saveCaseStudy } from "~/features/case-studies/index.server";
import { ensureUploadFolders, saveImage } from "~/features/media/index.server";
import { PALETTES } from "~/features/social-cards/artwork/palettes";
import { photoCollage } from "~/features/social-cards/artwork/photo-collage.server";
import { tasksSettled } from "~/platform/tasks.server";

const uploads = () => path.resolve(process.env.UPLOADS_DIR!);
const fileOf = (url: string) => path.join(uploads(), url.replace(/^\/uploads\//, ""));
const GENERATED = /^\/uploads\/art\/work-[0-9a-f]{16}-1200x675\/1200\.jpg$/;
const GOOD: [number, number, number] = [30, 160, 60];

const solid = (width: number, height: number, [r, g, b]: number[]) =>
  sharp({ create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } });
/** A photo-like JPEG/PNG (noise, so a cut anywhere lands in its pixel data). */
const noisy = (format: "jpeg" | "png") => {
  const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
  const image = sharp({ create: { width: 800, height: 500, channels: 3, noise, background: "#808080" } });
  return (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
};

/** A PNG written by hand: any header, any pixel data (bit depth 1, greyscale). */
function handmadePng(width: number, height: number, rows: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  const pixels = deflateSync(Buffer.alloc(rows * (1 + Math.ceil(width / 8))));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Uploaded through the media library as the admin's gallery does; its address. */
const upload = async (bytes: Buffer, name = "photo.jpg") =>
  (await saveImage(Readable.from([bytes]), name)).publicURL;

/** A picture in the library whose file was then replaced on disk by `bytes` (or removed: null). */
async function tampered(bytes: Buffer | null) {
  const url = await upload(await solid(640, 400, [200, 200, 200]).jpeg().toBuffer());
  if (bytes) writeFileSync(fileOf(url), bytes);
  else rmSync(fileOf(url));
  return url;
}

/** The average colour of a 40-pixel square around (x, y) of a drawn cover. */
async function colourAt(image: Buffer | string, x: number, y: number) {
  const { data, info } = await sharp(image)
    .extract({ left: x - 20, top: y - 20, width: 40, height: 40 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < data.length; i += info.channels) sum += data[i]!;
    return Math.round(sum / (data.length / info.channels));
  });
}
const isGood = (colour: number[]) => colour.every((value, i) => Math.abs(value - GOOD[i]!) < 24);

let good: string;
beforeAll(async () => {
  ensureUploadFolders();
  good = await upload(await solid(1600, 1000, GOOD).jpeg().toBuffer());
});

/** The cover of [picture, a good one]: whether the picture was used (its tile on the left) or left out. */
async function collageOf(url: string) {
  const cover = await photoCollage(
    [
      { url, focal: "50% 50%" },
      { url: good, focal: "50% 50%" },
    ],
    PALETTES.ocean,
  );
  expect(cover, "a cover is made of the good picture").not.toBeNull();
  expect(isGood(await colourAt(cover!, 950, 337)), "the good picture is on the right").toBe(true);
  return isGood(await colourAt(cover!, 360, 337)) ? "left out" : "used";
}

describe("pictures whose files are not what the library wrote are left out", () => {
  const cases: [string, () => Promise<Buffer | null>][] = [
    ["a truncated JPEG", async () => (await noisy("jpeg")).subarray(0, 20_000)],
    ["a truncated PNG", async () => (await noisy("png")).subarray(0, 20_000)],
    ["an empty file", async () => Buffer.alloc(0)],
    ["a file missing on disk", async () => null],
    // 72 bytes announcing 3.6 billion pixels.
    ["a PNG announcing 60000 × 60000", async () => handmadePng(60_000, 60_000, 1)],
    // Complete and real, but more pixels than an upload may have (the library never holds one).
    ["a real 8000 × 8000 PNG", async () => handmadePng(8000, 8000, 8000)],
    ["an SVG named .jpg", async () => Buffer.from(svgOf(1600, 1000))],
    ["an SVG announcing 100000 × 100000", async () => Buffer.from(svgOf(100_000, 100_000))],
    ["an animated GIF named .jpg", async () => animated("gif")],
    ["an animated WebP named .jpg", async () => animated("webp")],
    ["text named .jpg", async () => Buffer.from("not an image at all")],
  ];
  for (const [name, bytes] of cases)
    it(name, async () => expect(await collageOf(await tampered(await bytes()))).toBe("left out"));
});

describe("unusual but real JPEGs and PNGs are used", () => {
  const cases: [string, () => Promise<Buffer>][] = [
    ["a CMYK JPEG", () => solid(800, 500, [200, 30, 40]).toColourspace("cmyk").jpeg().toBuffer()],
    ["a 16-bit PNG", () => solid(800, 500, [200, 30, 40]).toColourspace("rgb16").png().toBuffer()],
    ["a 1 × 1 PNG", () => solid(1, 1, [200, 30, 40]).png().toBuffer()],
    ["a 1 × 1 JPEG", () => solid(1, 1, [200, 30, 40]).jpeg().toBuffer()],
    ["a 1 × 3000 PNG", () => solid(1, 3000, [200, 30, 40]).png().toBuffer()],
    ["a PNG named .jpg", () => solid(800, 500, [200, 30, 40]).png().toBuffer()],
  ];
  for (const [name, bytes] of cases) {
    it(`${name}, on disk`, async () => expect(await collageOf(await tampered(await bytes()))).toBe("used"));
  }
  it("and each through the real upload, with animated GIF and WebP (their first frame)", async () => {
    for (const [, bytes] of cases) expect(await collageOf(await upload(await bytes()))).toBe("used");
    expect(await collageOf(await upload(await animated("gif"), "moving.gif"))).toBe("used");
    expect(await collageOf(await upload(await animated("webp"), "moving.webp"))).toBe("used");
  });
});

describe("a case study saved with such pictures", () => {
  const study = (title: string, gallery: string[]) =>
    CaseStudySchema.parse({
      title,
      clientName: title.split(":")[0],
      category: "Web",
      excerpt: "A study.",
      body: "<p>We built it.</p>",
      metrics: [{ value: "40%", label: "More Calls" }],
      tags: "Web",
      credits: ["Website Development"],
      status: "published",
      gallery: gallery.map((url) => ({ url, alt: "A picture", caption: "" })),
    });
  const tmpLeft = () => readdirSync(path.join(uploads(), ".tmp")).filter((name) => name.startsWith("art-"));

  it("gets a whole cover of its good picture, or the drawn one when none is good", async () => {
    const truncated = await tampered((await noisy("jpeg")).subarray(0, 20_000));
    const bomb = await tampered(handmadePng(60_000, 60_000, 1));
    const withGood = saveCaseStudy(
      undefined,
      study("Quay Florist: Flowers by Noon", [truncated, bomb, good]),
    );
    const noneGood = saveCaseStudy(undefined, study("Dock Cafe: Coffee at Eight", [truncated, bomb]));
    await tasksSettled();

    const cover = getCaseStudyById(withGood.id)!.coverImage!;
    expect(cover).toMatch(GENERATED);
    expect(isGood(await colourAt(fileOf(cover), 600, 337)), "the good picture fills the cover").toBe(true);
    const drawn = getCaseStudyById(noneGood.id)!.coverImage!;
    expect(drawn).toMatch(GENERATED);
    await expect(sharp(fileOf(drawn)).metadata()).resolves.toMatchObject({ width: 1200, height: 675 });
    expect(tmpLeft(), "no half-drawn cover left behind").toEqual([]);
  });
});

function svgOf(width: number, height: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(200,30,40)"/></svg>`;
}

/** Two frames of 800 × 500, the first the red the tests look for. */
async function animated(format: "gif" | "webp") {
  const frames = await Promise.all(
    [
      [200, 30, 40],
      [20, 20, 220],
    ].map((colour) => solid(800, 500, colour).png().toBuffer()),
  );
  const joined = sharp(frames, { join: { animated: true } });
  return (format === "gif" ? joined.gif() : joined.webp()).toBuffer();
}
