import path from "node:path";

import type { Sharp } from "sharp";

import { variantWidths } from "./images";

/**
 * Writes an image's responsive widths into `dir` as AVIF, WebP and JPEG (PNG when it has
 * transparency): {w}.avif, {w}.webp, {w}.jpg|png. Used for uploads and for the site's own artwork.
 */
export async function writeImageVariants(base: Sharp, width: number, fallback: "jpg" | "png", dir: string) {
  for (const w of variantWidths(width)) {
    const resized = base.clone().resize({ width: w, withoutEnlargement: true });
    await Promise.all([
      resized
        .clone()
        .avif({ quality: 55, effort: 2 })
        .toFile(path.join(dir, `${w}.avif`)),
      resized
        .clone()
        .webp({ quality: 78 })
        .toFile(path.join(dir, `${w}.webp`)),
      fallback === "png"
        ? resized
            .clone()
            .png({ compressionLevel: 9 })
            .toFile(path.join(dir, `${w}.png`))
        : resized
            .clone()
            .jpeg({ quality: 80, mozjpeg: true })
            .toFile(path.join(dir, `${w}.jpg`)),
    ]);
  }
}
