import { existsSync } from "node:fs";

import { focalPoints } from "~/features/media/index.server";
import { artworkLocation, drawArtwork } from "~/features/social-cards/artwork/location.server";
import { type ArtworkSubject, postSubject, studySubject } from "~/features/social-cards/artwork/subject";
import { contentChanged } from "~/platform/db.server";
import { isChosenCover } from "~/platform/images";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { inBackground } from "~/platform/tasks.server";

const waiting = new Set<string>();

/**
 * The drawn cover of a translation's words: its address when drawn, else null while it is drawn in the
 * background (one at a time, as every cover; then the pages of `content` are rendered again).
 */
function drawnCover(subject: ArtworkSubject, content: "posts" | "case-studies"): string | null {
  const target = artworkLocation(subject);
  if (!target.dir || existsSync(target.dir)) return target.url;
  const dir = target.dir;
  if (!waiting.has(dir)) {
    waiting.add(dir);
    void inBackground(
      "artwork",
      "Draws the cover artwork of posts and case studies",
      async (stopped) => {
        try {
          await drawArtwork(subject, dir, stopped);
          contentChanged(content);
        } finally {
          waiting.delete(dir);
        }
      },
      { oneAtATime: true },
    ).catch(() => waiting.delete(dir));
  }
  return null;
}

/**
 * The cover a post's translation shows. A cover the owner chose (a photo) is the post's in every
 * language; the drawn artwork carries the post's title and topic in its words, so a translation has
 * its own, drawn with its title and topic. Until that is drawn it shows none rather than the default
 * language's words.
 */
export function translatedPostCover(cover: string | null, words: { title: string; tags: string[] }) {
  if (isChosenCover(cover)) return cover;
  return drawnCover(postSubject(words, getSiteSettings().name), "posts");
}

/**
 * The cover a case study's translation shows (`study` with the translation's words over the source's
 * facts): the study's chosen cover, else artwork drawn with its title and results' labels in its words.
 */
export function translatedStudyCover(
  study: Parameters<typeof studySubject>[0] & { coverImage: string | null },
) {
  if (isChosenCover(study.coverImage)) return study.coverImage;
  return drawnCover(studySubject(study, focalPoints()), "case-studies");
}
