import { createHash } from "node:crypto";

import type { GalleryImage, Metric } from "#db/schema";
import { parseUploadedImage } from "~/platform/images";

import type { Composition, StudyFacts } from "./compose";
import { CLIENT_PALETTES, paletteFor, type PaletteName } from "./palettes";

/**
 * Raise when the drawing changes: every item's hash changes with it, so start-up redraws what is not
 * committed (run scripts/make/make-artwork.ts to redraw the committed seeds).
 */
export const ARTWORK_VERSION = 3;

/** A study's own picture for its cover: its address and the media library's focal point ("50% 50%"). */
export type CollagePhoto = { url: string; focal: string };
/** The pictures a cover is made of: one fills it, two side by side, three as a large one beside two. */
export const COLLAGE_MAX = 3;

/** Everything a cover is drawn from, and nothing else: its hash names the files. */
export type ArtworkSubject =
  | {
      kind: "work";
      study: StudyFacts;
      palette: PaletteName;
      scene?: Composition;
      /** The study's own uploaded pictures: when it has any, its cover is made of them. */
      photos?: CollagePhoto[];
    }
  | { kind: "blog"; title: string; topic: string; brand: string };

export function studySubject(
  row: {
    title: string;
    clientName: string;
    category: string;
    tags: string[];
    credits: string[];
    metrics: Metric[];
    gallery?: GalleryImage[];
  },
  focalPoints: Record<string, string> = {},
): ArtworkSubject {
  const study: StudyFacts = {
    title: row.title.trim(),
    clientName: row.clientName.trim(),
    category: row.category.trim(),
    tags: row.tags,
    credits: row.credits,
    metrics: row.metrics.map(({ value, label }) => ({ value, label })),
  };
  // Only what the agency uploaded: the site's own drawn views (the seeds' galleries) stay drawn.
  const photos = (row.gallery ?? [])
    .filter((image) => image.url.startsWith("/uploads/images/") && parseUploadedImage(image.url))
    .slice(0, COLLAGE_MAX)
    .map((image) => ({ url: image.url, focal: focalPoints[image.url] ?? "50% 50%" }));
  return {
    kind: "work",
    study,
    palette: paletteFor(study.clientName || study.title, CLIENT_PALETTES).name as PaletteName,
    // Absent rather than empty, so a study without pictures keeps the hash (and file) it had.
    ...(photos.length > 0 && { photos }),
  };
}

/** A post's cover shows its topic (the first tag) and title, so only those (and the agency's name) count. */
export function postSubject(row: { title: string; tags: string[] }, brand: string): ArtworkSubject {
  return { kind: "blog", title: row.title.trim(), topic: row.tags[0]?.trim() ?? "", brand };
}

/** 16 hex digits of SHA-256 over the subject and the drawing's version. */
export function artworkHash(subject: ArtworkSubject): string {
  return createHash("sha256")
    .update(JSON.stringify({ v: ARTWORK_VERSION, ...subject }))
    .digest("hex")
    .slice(0, 16);
}
