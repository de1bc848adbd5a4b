import { writeImageVariants } from "~/features/media/index.server";
import { ARTWORK_SIZE } from "~/platform/images";
import { loadSharp } from "~/platform/sharp.server";
import { typeset } from "~/platform/text/typeset.server";

import { caseStudyArtwork } from "./case-study-art.server";
import { PALETTES } from "./palettes";
import { photoCollage } from "./photo-collage.server";
import { fallbackArtwork, postArtwork } from "./post-art.server";
import type { ArtworkSubject } from "./subject";

/** The cover as an SVG: every glyph a path, so it rasterises the same anywhere. */
export function artworkSvg(subject: ArtworkSubject): Promise<string> {
  const node =
    subject.kind === "work"
      ? caseStudyArtwork(subject.study, PALETTES[subject.palette], subject.scene)
      : postArtwork({ title: subject.title, topic: subject.topic }, subject.brand);
  return typeset(node, ARTWORK_SIZE);
}

export function fallbackSvg(brand: string, tagline: string): Promise<string> {
  return typeset(fallbackArtwork(brand, tagline), ARTWORK_SIZE);
}

/**
 * Rasterises an artwork SVG into `dir` in the upload widths and formats ({480,960,1200}.{avif,webp,jpg}),
 * through the same writer as uploads, so CoverImage serves it with the same srcset.
 */
export async function writeArtworkFiles(svg: string, dir: string, stopped?: AbortSignal) {
  const sharp = await loadSharp();
  await writeImageVariants(sharp(Buffer.from(svg)), ARTWORK_SIZE.width, "jpg", dir, { stopped });
}

/**
 * Writes an item's cover into `dir`: made of the study's own pictures when it has any (and they can be
 * read), else drawn.
 */
export async function writeArtwork(subject: ArtworkSubject, dir: string, stopped?: AbortSignal) {
  if (subject.kind === "work" && subject.photos) {
    const collage = await photoCollage(subject.photos, PALETTES[subject.palette]);
    stopped?.throwIfAborted();
    if (collage)
      return writeImageVariants((await loadSharp())(collage), ARTWORK_SIZE.width, "jpg", dir, { stopped });
  }
  const svg = await artworkSvg(subject);
  stopped?.throwIfAborted();
  return writeArtworkFiles(svg, dir, stopped);
}
