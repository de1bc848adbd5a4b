// A case study's cover made from its own pictures (its uploaded gallery), for a study whose owner chose
// no cover: a print-like mosaic on the client's colours, never the drawn mock-ups, once real work exists.
import path from "node:path";

import sharp from "sharp";

import { getEnv } from "~/platform/env.server";
import { ARTWORK_SIZE } from "~/platform/images";

import type { Palette } from "./palettes";
import { COLLAGE_MAX, type CollagePhoto } from "./subject";

type Tile = { left: number; top: number; width: number; height: number };

const INSET = 40;
const GAP = 20;
const RADIUS = 18;

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
async function tileImage(file: string, focal: string, tile: Tile): Promise<Buffer> {
  const image = sharp(file).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  if (!width || !height) throw new Error(`Not an image: ${file}`);
  const ratio = tile.width / tile.height;
  const [fx, fy] = focalFractions(focal);
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(width / ratio));
  const left = Math.round(Math.min(width - cropWidth, Math.max(0, fx * width - cropWidth / 2)));
  const top = Math.round(Math.min(height - cropHeight, Math.max(0, fy * height - cropHeight / 2)));
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tile.width}" height="${tile.height}"><rect width="100%" height="100%" rx="${RADIUS}" ry="${RADIUS}"/></svg>`,
  );
  return image
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize(tile.width, tile.height)
    .ensureAlpha()
    .composite([{ input: corners, blend: "dest-in" }])
    .png()
    .toBuffer();
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
  const readable: CollagePhoto[] = [];
  for (const photo of photos.slice(0, COLLAGE_MAX)) {
    const ok = await sharp(uploadedFile(photo.url))
      .metadata()
      .then(() => true)
      .catch(() => false);
    if (ok) readable.push(photo);
  }
  if (readable.length === 0) return null;
  const tiles = collageTiles(readable.length);
  const layers = await Promise.all(
    readable.map(async (photo, index) => ({
      input: await tileImage(uploadedFile(photo.url), photo.focal, tiles[index]!),
      left: tiles[index]!.left,
      top: tiles[index]!.top,
    })),
  );
  const { width, height } = ARTWORK_SIZE;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(background).composite(layers).png().toBuffer();
}
