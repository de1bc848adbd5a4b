import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";

import committed from "~/features/social-cards/artwork/committed.json";
import { writeArtwork } from "~/features/social-cards/artwork/draw.server";
import { artworkHash, type ArtworkSubject } from "~/features/social-cards/artwork/subject";
import { getEnv } from "~/platform/env.server";
import { ARTWORK_SIZE, generatedArtworkUrl } from "~/platform/images";
import { log } from "~/platform/log.server";

/** The seeds' artwork, committed under public/images/art/ by scripts/make/make-artwork.ts: hash → URL. */
const COMMITTED: Record<string, string> = committed;

const uploadsRoot = () => path.resolve(getEnv().UPLOADS_DIR);

/**
 * Where the artwork for `subject` is: the committed file when a seed's content is unchanged, else a
 * folder of its own under UPLOADS_DIR/art, named by the hash (so a changed title or result is a new
 * URL, and uploads' year-long caching holds). `dir` is null for committed artwork.
 */
export function artworkLocation(subject: ArtworkSubject): { hash: string; url: string; dir: string | null } {
  const hash = artworkHash(subject);
  const url = COMMITTED[hash];
  if (url) return { hash, url, dir: null };
  const { width, height } = ARTWORK_SIZE;
  return {
    hash,
    url: generatedArtworkUrl(subject.kind, hash),
    dir: path.join(uploadsRoot(), "art", `${subject.kind}-${hash}-${width}x${height}`),
  };
}

/** Draws into a temporary folder and moves it into place whole: a folder that exists is complete. */
export async function drawArtwork(subject: ArtworkSubject, dir: string, stopped?: AbortSignal) {
  const tmp = path.join(uploadsRoot(), ".tmp", `art-${randomBytes(6).toString("hex")}`);
  await mkdir(tmp, { recursive: true });
  try {
    const started = performance.now();
    await writeArtwork(subject, tmp, stopped);
    await mkdir(path.dirname(dir), { recursive: true });
    if (!existsSync(dir)) await rename(tmp, dir);
    log.info({ dir, ms: Math.round(performance.now() - started) }, "Drew cover artwork");
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
