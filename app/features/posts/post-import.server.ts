import { and, eq, gte, isNull, lt, or } from "drizzle-orm";

import { posts } from "#db/schema";
import { shareAltText } from "~/features/media/index.server";
import { queueArtwork } from "~/features/social-cards/index.server";
import { getDb } from "~/platform/db.server";
import { isChosenCover } from "~/platform/images";
import { htmlToText } from "~/platform/text/html-text";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { slugify } from "~/platform/text/slug";

import { insertPostTags, type PostSnapshot } from "./post-save.server";
import { wakePostScheduler } from "./post-schedule.server";

/** A post brought from another site, with the dates and search fields it had there. */
export type ImportedPost = Pick<
  PostSnapshot,
  | "title"
  | "slug"
  | "excerpt"
  | "content"
  | "coverImage"
  | "coverAlt"
  | "tags"
  | "status"
  | "seoTitle"
  | "seoDescription"
> & {
  /** When it went live (or is to, when scheduled) there; a draft's last change. */
  date: Date;
  authorId: string | null;
};

const EXCERPT_WORDS = 40;

/** The first words of a body, for a post that had no excerpt of its own. */
function excerptOf(html: string): string {
  const words = htmlToText(html).split(/\s+/).filter(Boolean);
  return words.slice(0, EXCERPT_WORDS).join(" ") + (words.length > EXCERPT_WORDS ? "…" : "");
}

/** The old address's name when it is free here, else the first free "name-2", "name-3"… */
function freeSlug(wanted: string, title: string): string {
  const base = slugify(wanted) || slugify(title) || "imported-post";
  // The name and every "name-…" taken, in one read of the slug index ("." sorts just after "-"):
  // an export of a thousand posts of one name asked a thousand times a thousand questions.
  const taken = new Set(
    getDb()
      .select({ slug: posts.slug })
      .from(posts)
      .where(or(eq(posts.slug, base), and(gte(posts.slug, `${base}-`), lt(posts.slug, `${base}.`))))
      .all()
      .map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Adds a post brought from another site as it was there: its own date (so the blog's order and the
 * feed keep the old site's), its status, search fields and tags; the body through the editor's
 * sanitizer; words the body gives its images shared with the library. No revision and no audit entry
 * each: the import is audited as a whole, and the pages are redrawn once it ends.
 */
export function importPost(post: ImportedPost): { id: string; slug: string } {
  const content = sanitizePostHtml(post.content);
  const excerpt = (post.excerpt.trim() || excerptOf(content)).slice(0, 1000) || post.title;
  const saved = getDb().transaction((tx) => {
    const row = tx
      .insert(posts)
      .values({
        title: post.title.slice(0, 200) || "Untitled",
        slug: freeSlug(post.slug, post.title),
        excerpt,
        content,
        coverImage: post.coverImage,
        coverAlt: post.coverAlt,
        tags: [...new Set(post.tags)],
        status: post.status,
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription,
        publishAt: post.status === "scheduled" ? post.date : null,
        publishedAt: post.status === "published" ? post.date : null,
        authorId: post.authorId,
        createdAt: post.date,
        updatedAt: post.date,
      })
      .returning({ id: posts.id, slug: posts.slug })
      .get();
    insertPostTags(tx, row.id, post.tags);
    shareAltText(tx, content, [{ url: post.coverImage, alt: post.coverAlt }]);
    return row;
  });
  if (post.status === "scheduled") wakePostScheduler();
  // Without a cover of its own it is drawn one, as a post written here is (not the one fallback card).
  if (!isChosenCover(post.coverImage)) void queueArtwork("blog", saved.id);
  return saved;
}

/** An imported post's body after its links to other imported posts were pointed at their new addresses. */
export function replaceImportedContent(id: string, content: string) {
  getDb().update(posts).set({ content }).where(eq(posts.id, id)).run();
}

/** An imported post's cover, fetched after the post came across (its image was missing then). */
export function setImportedCover(id: string, coverImage: string) {
  getDb()
    .update(posts)
    .set({ coverImage })
    .where(and(eq(posts.id, id), isNull(posts.coverImage)))
    .run();
}

/** An imported post's address and body as stored, or undefined when it has since been deleted. */
export function importedPost(
  id: string,
): { slug: string; title: string; content: string; status: string; updatedAt: Date } | undefined {
  return getDb()
    .select({
      slug: posts.slug,
      title: posts.title,
      content: posts.content,
      status: posts.status,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
    .get();
}

/**
 * An imported post held as a draft only while its files were missing, put live as it was on the old
 * site (scheduled when its time is still to come), if it is still the draft the import left: not
 * deleted, not published by someone, not saved since `untouchedAt`. True when it went live.
 */
export function releaseImportedDraft(
  id: string,
  wanted: "published" | "scheduled",
  untouchedAt: Date,
  now = new Date(),
): boolean {
  const post = getDb().select({ date: posts.createdAt }).from(posts).where(eq(posts.id, id)).get();
  if (!post) return false;
  const scheduled = wanted === "scheduled" && post.date > now;
  const released = getDb()
    .update(posts)
    .set(
      scheduled
        ? { status: "scheduled", publishAt: post.date }
        : { status: "published", publishedAt: post.date, publishAt: null },
    )
    .where(
      and(
        eq(posts.id, id),
        eq(posts.status, "draft"),
        eq(posts.updatedAt, untouchedAt),
        isNull(posts.deletedAt),
      ),
    )
    .run();
  if (released.changes !== 1) return false;
  if (scheduled) wakePostScheduler();
  return true;
}
