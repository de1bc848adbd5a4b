import path from "node:path";

import type { Sharp } from "sharp";

import { variantWidths } from "~/platform/images";
import { loadSharp } from "~/platform/sharp.server";

/**
 * Writes an image's responsive widths into `dir` as AVIF, WebP and JPEG (PNG when it has
 * transparency): {w}.avif, {w}.webp, {w}.jpg|png. Used for uploads and for the site's own artwork.
 *
 * The source is decoded once: `base` (which this consumes) is resized to the largest width into raw
 * pixels, and every width and format is made from those. A 7000×7000 PNG is then one streaming
 * decode (~50 MB) and a 1600-pixel buffer (~10 MB), where a clone per width and format decoded it
 * nine times, three at once.
 */
export async function writeImageVariants(
  base: Sharp,
  width: number,
  fallback: "jpg" | "png",
  dir: string,
  {
    quick = false,
    stopped,
  }: {
    /**
     * Lighter encoder settings, for images that come by the thousand (an import): about 2.4 times
     * faster per image for files some 10–20% larger, so an import of 2,000 keeps to minutes.
     */
    quick?: boolean;
    /** Ends the work between two widths (a stop): the caller removes what was written. */
    stopped?: AbortSignal;
  } = {},
) {
  const sharp = await loadSharp();
  const widths = variantWidths(width);
  const largest = widths[widths.length - 1]!;
  const { data, info } = await base
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const w of widths) {
    stopped?.throwIfAborted();
    const pixels = () => {
      const image = sharp(data, { raw });
      return w < info.width ? image.resize({ width: w }) : image;
    };
    await Promise.all([
      pixels()
        .avif({ quality: 55, effort: quick ? 0 : 2 })
        .toFile(path.join(dir, `${w}.avif`)),
      pixels()
        .webp({ quality: 78, effort: quick ? 2 : 4 })
        .toFile(path.join(dir, `${w}.webp`)),
      fallback === "png"
        ? pixels()
            .png({ compressionLevel: 9 })
            .toFile(path.join(dir, `${w}.png`))
        : pixels()
            .jpeg({ quality: 80, mozjpeg: !quick })
            .toFile(path.join(dir, `${w}.jpg`)),
    ]);
  }
}
