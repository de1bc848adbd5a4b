// A case study's cover made from its own pictures (its uploaded gallery), for a study whose owner chose
// no cover: a print-like mosaic on the client's colours, never the drawn mock-ups, once real work exists.
import path from "node:path";

import { MAX_IMAGE_PIXELS } from "~/features/media/index.server";
import { getEnv } from "~/platform/env.server";
import { ARTWORK_SIZE, IMAGE_WIDTHS } from "~/platform/images";
import { loadSharp } from "~/platform/sharp.server";

import type { Palette } from "./palettes";
import { COLLAGE_MAX, type CollagePhoto } from "./subject";

type Tile = { left: number; top: number; width: number; height: number };

const INSET = 40;
const GAP = 20;
const RADIUS = 18;
/** The library's widest variant: the most of a picture a tile can use. */
const WIDEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** Where each picture goes on the 1200 × 675 cover. */
export function collageTiles(count: number): Tile[] {
  const { width, height } = ARTWORK_SIZE;
  const inner = { width: width - 2 * INSET, height: height - 2 * INSET };
  if (count <= 1) return [{ left: INSET, top: INSET, ...inner }];
  const mainWidth = Math.round(inner.width * 0.6);
  const sideWidth = inner.width - mainWidth - GAP;
  const main = { left: INSET, top: INSET, width: mainWidth, height: inner.height };
  const sideLeft = INSET + mainWidth + GAP;
  if (count === 2) return [main, { left: sideLeft, top: INSET, width: sideWidth, height: inner.height }];
  const half = Math.floor((inner.height - GAP) / 2);
  return [
    main,
    { left: sideLeft, top: INSET, width: sideWidth, height: half },
    { left: sideLeft, top: INSET + half + GAP, width: sideWidth, height: inner.height - half - GAP },
  ];
}

/** "30% 70%" (the media library's focal point) as fractions; the middle when unreadable. */
function focalFractions(focal: string): [number, number] {
  const [x, y] = focal.split(" ").map((part) => Number.parseFloat(part) / 100);
  const fraction = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
  return [fraction(x), fraction(y)];
}

/** The picture cut to the tile's shape around its focal point, with rounded corners. */
async function tileImage(picture: Picture, focal: string, tile: Tile): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = picture;
  const ratio = tile.width / tile.height;
  const [fx, fy] = focalFractions(focal);
  const cropWidth = Math.max(1, Math.min(width, Math.round(height * ratio)));
  const cropHeight = Math.max(1, Math.min(height, Math.round(width / ratio)));
  const left = Math.round(Math.min(width - cropWidth, Math.max(0, fx * width - cropWidth / 2)));
  const top = Math.round(Math.min(height - cropHeight, Math.max(0, fy * height - cropHeight / 2)));
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tile.width}" height="${tile.height}"><rect width="100%" height="100%" rx="${RADIUS}" ry="${RADIUS}"/></svg>`,
  );
  return sharp(picture.data, { raw: picture.raw })
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize(tile.width, tile.height)
    .ensureAlpha()
    .composite([{ input: corners, blend: "dest-in" }])
    .png()
    .toBuffer();
}

type Picture = {
  data: Buffer;
  raw: { width: number; height: number; channels: 3 };
  width: number;
  height: number;
};

/**
 * A library picture decoded whole, upright, in sRGB and no larger than the library's widest variant; null when its file is
 * not one the library writes (a JPEG or PNG within the upload's pixel limit, complete): it may have
 * been replaced since (a restored backup, a disk that filled, a folder copied in by hand).
 */
async function readPicture(file: string): Promise<Picture | null> {
  const sharp = await loadSharp();
  try {
    const options = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, animated: false } as const;
    const { format } = await sharp(file, options).metadata();
    if (format !== "jpeg" && format !== "png") return null;
    const { data, info } = await sharp(file, options)
      .rotate()
      .resize({ width: WIDEST, height: WIDEST, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: 3 as const };
    return { data, raw, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Where an uploaded image's file is (its public address under UPLOADS_DIR). */
function uploadedFile(url: string): string {
  return path.join(path.resolve(getEnv().UPLOADS_DIR), url.replace(/^\/uploads\//, ""));
}

/**
 * The cover as pixels: the client's colours as a frame, the pictures laid on them. Pictures whose
 * files cannot be read are left out; null when none can be (the drawn cover is used instead).
 */
export async function photoCollage(photos: CollagePhoto[], palette: Palette): Promise<Buffer | null> {
  // One at a time, so at most one picture's pixels are held while it is read.
  const readable: { picture: Picture; focal: string }[] = [];
  for (const photo of photos.slice(0, COLLAGE_MAX)) {
    const picture = await readPicture(uploadedFile(photo.url));
    if (picture) readable.push({ picture, focal: photo.focal });
  }
  if (readable.length === 0) return null;
  const tiles = collageTiles(readable.length);
  const layers = [];
  for (const [index, { picture, focal }] of readable.entries()) {
    const tile = tiles[index]!;
    layers.push({ input: await tileImage(picture, focal, tile), left: tile.left, top: tile.top });
  }
  const { width, height } = ARTWORK_SIZE;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return (await loadSharp())(background).composite(layers).png().toBuffer();
}
