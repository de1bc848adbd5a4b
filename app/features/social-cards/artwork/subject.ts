import { createHash } from "node:crypto";

import type { Metric } from "#db/schema";

import type { Composition, StudyFacts } from "./compose";
import { CLIENT_PALETTES, paletteFor, type PaletteName } from "./palettes";

/**
 * Raise when the drawing changes: every item's hash changes with it, so start-up redraws what is not
 * committed (run scripts/make/make-artwork.ts to redraw the committed seeds).
 */
export const ARTWORK_VERSION = 1;

/** Everything a cover is drawn from, and nothing else: its hash names the files. */
export type ArtworkSubject =
  | { kind: "work"; study: StudyFacts; palette: PaletteName; scene?: Composition }
  | { kind: "blog"; title: string; topic: string; brand: string };

export function studySubject(row: {
  title: string;
  clientName: string;
  category: string;
  tags: string[];
  credits: string[];
  metrics: Metric[];
}): ArtworkSubject {
  const study: StudyFacts = {
    title: row.title.trim(),
    clientName: row.clientName.trim(),
    category: row.category.trim(),
    tags: row.tags,
    credits: row.credits,
    metrics: row.metrics.map(({ value, label }) => ({ value, label })),
  };
  return {
    kind: "work",
    study,
    palette: paletteFor(study.clientName || study.title, CLIENT_PALETTES).name as PaletteName,
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
