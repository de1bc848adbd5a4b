import { existsSync } from "node:fs";

import { artworkLocation, drawArtwork } from "~/features/social-cards/artwork/location.server";
import { postSubject } from "~/features/social-cards/artwork/subject";
import { contentChanged } from "~/platform/db.server";
import { isChosenCover } from "~/platform/images";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { inBackground } from "~/platform/tasks.server";

const waiting = new Set<string>();

/**
 * The cover a post's translation shows. A cover the owner chose (a photo) is the post's in every
 * language; the drawn artwork carries the post's title and topic in its words, so a translation has
 * its own, drawn with its title and topic. Until that is drawn (in the background, one at a time, then
 * the posts' pages are rendered again) it shows none rather than the default language's words.
 */
export function translatedPostCover(cover: string | null, words: { title: string; tags: string[] }) {
  if (isChosenCover(cover)) return cover;
  const subject = postSubject(words, getSiteSettings().name);
  const target = artworkLocation(subject);
  if (!target.dir || existsSync(target.dir)) return target.url;
  const dir = target.dir;
  if (!waiting.has(dir)) {
    waiting.add(dir);
    void inBackground(
      "artwork",
      "Draws the cover artwork of posts and case studies",
      async () => {
        try {
          await drawArtwork(subject, dir);
          contentChanged("posts");
        } finally {
          waiting.delete(dir);
        }
      },
      { oneAtATime: true },
    ).catch(() => waiting.delete(dir));
  }
  return null;
}
