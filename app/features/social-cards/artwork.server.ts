// The covers the site draws for case studies and posts that have none (decision 023): drawn after a
// save and at start-up, in the background, one at a time; stored by a hash of what they show.
import { existsSync } from "node:fs";

import { and, asc, eq, isNull } from "drizzle-orm";

import { caseStudies, posts } from "#db/schema";
import { focalPoints } from "~/features/media/index.server";
import { artworkLocation, drawArtwork } from "~/features/social-cards/artwork/location.server";
import {
  artworkHash,
  type ArtworkSubject,
  postSubject,
  studySubject,
} from "~/features/social-cards/artwork/subject";
import { contentChanged, getDb } from "~/platform/db.server";
import { inPages, keyAfter } from "~/platform/db-pages.server";
import { isChosenCover } from "~/platform/images";
import { log } from "~/platform/log.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { inBackground } from "~/platform/tasks.server";

import { refreshSocialCard } from "./social-cards.server";
import { studySubjectColumns } from "./study-columns.server";

export type ArtworkKind = ArtworkSubject["kind"];

export { artworkLocation } from "~/features/social-cards/artwork/location.server";

/** An item's subject and current cover; undefined when it is gone. */
function current(kind: ArtworkKind, id: string, brand = getSiteSettings().name) {
  if (kind === "work") {
    const row = getDb()
      .select()
      .from(caseStudies)
      .where(and(eq(caseStudies.id, id), isNull(caseStudies.deletedAt)))
      .get();
    return row && { subject: studySubject(row, focalPoints()), cover: row.coverImage };
  }
  const row = getDb()
    .select({ title: posts.title, tags: posts.tags, cover: posts.coverImage })
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
    .get();
  return row && { subject: postSubject(row, brand), cover: row.cover };
}

/** Makes the item's artwork if it is missing, then points the item at it (unless a cover was chosen meanwhile). */
async function refresh(kind: ArtworkKind, id: string, stopped: AbortSignal) {
  const before = current(kind, id);
  if (!before || isChosenCover(before.cover)) return;
  const target = artworkLocation(before.subject);
  if (target.dir && !existsSync(target.dir)) await drawArtwork(before.subject, target.dir, stopped);
  // Read again: no await from here to the write, so nothing can come between.
  const now = current(kind, id);
  if (!now || isChosenCover(now.cover) || now.cover === target.url) return;
  if (artworkHash(now.subject) !== target.hash) return; // edited while drawing: its own job follows
  const table = kind === "work" ? caseStudies : posts;
  getDb().update(table).set({ coverImage: target.url }).where(eq(table.id, id)).run();
  contentChanged(kind === "work" ? "case-studies" : "posts");
  // The social card shows the cover: drawn again with the new one.
  refreshSocialCard(kind === "work" ? "study" : "post", id);
}

const waiting = new Map<string, Promise<void>>();

/**
 * Asks for the item's artwork to be (re)made, after a save or at start-up: never awaited by the
 * save, never on a visitor's request. A failure is logged; the item keeps the cover it had (or the
 * fallback). The promise never rejects. An item already waiting is not queued twice.
 */
export function queueArtwork(kind: ArtworkKind, id: string): Promise<void> {
  const key = `${kind}:${id}`;
  const queued = waiting.get(key);
  if (queued) return queued;
  // One at a time: a cover takes ~1 s of CPU (most of it the AVIF), and uploads have the other core.
  const job = inBackground(
    "artwork",
    "Draws the cover artwork of posts and case studies",
    async (stopped) => {
      waiting.delete(key);
      try {
        await refresh(kind, id, stopped);
      } catch (error) {
        throw new Error(`Could not draw the cover artwork of ${key}; the item keeps its cover`, {
          cause: error,
        });
      }
    },
    { oneAtATime: true },
  );
  waiting.set(key, job);
  // Dropped by a stop before its turn: asked again later, it is queued again.
  void job.finally(() => waiting.get(key) === job && waiting.delete(key));
  return job;
}

/**
 * At start-up: every case study and post without a chosen cover whose artwork is not the one for
 * its content (never drawn, edited by an older version, the drawing changed, the uploads folder
 * lost) is queued. Returns how many.
 */
export async function startArtwork(): Promise<number> {
  const brand = getSiteSettings().name;
  const focal = focalPoints();
  let queued = 0;
  const check = (kind: ArtworkKind, id: string, subject: ArtworkSubject, cover: string | null) => {
    if (isChosenCover(cover)) return;
    const target = artworkLocation(subject);
    if (cover === target.url && (!target.dir || existsSync(target.dir))) return;
    void queueArtwork(kind, id);
    queued++;
  };
  // A page at a time: the columns read come after write-ups of up to 100 kB.
  const db = getDb();
  for await (const studies of inPages(
    (after, limit) =>
      db
        .select(studySubjectColumns)
        .from(caseStudies)
        .where(and(isNull(caseStudies.deletedAt), keyAfter(caseStudies.id, after)))
        .orderBy(asc(caseStudies.id))
        .limit(limit)
        .all(),
    (row) => row.id,
  ))
    for (const row of studies) check("work", row.id, studySubject(row, focal), row.coverImage);
  for await (const page of inPages(
    (after, limit) =>
      db
        .select({ id: posts.id, title: posts.title, tags: posts.tags, cover: posts.coverImage })
        .from(posts)
        .where(and(isNull(posts.deletedAt), keyAfter(posts.id, after)))
        .orderBy(asc(posts.id))
        .limit(limit)
        .all(),
    (row) => row.id,
  ))
    for (const row of page) check("blog", row.id, postSubject(row, brand), row.cover);
  if (queued) log.info(`Queued cover artwork for ${queued} item(s)`);
  return queued;
}
