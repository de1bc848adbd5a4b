import { and, eq, inArray, like, or, sql } from "drizzle-orm";

import { caseStudies, type GalleryImage, media, posts } from "#db/schema";
import { contentChanged, getDb, type Tx } from "~/platform/db.server";
import { imagesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

/**
 * One description per image. The library holds it; a place that uses the image (a cover, a gallery
 * image, an image in the text) may word it for itself. Typed where the image is used, it becomes the
 * library's when the library has none; left blank there, the library's is shown; changed in the
 * library, every use that still said the old words says the new ones.
 */

/** An image where it is used: its address and the words that stand in for it there. */
export type ImageUse = { url: string | null | undefined; alt: string | null | undefined };

/** The library's description of each of these addresses that has one. */
export function libraryAltText(urls: (string | null | undefined)[]): Map<string, string> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return new Map();
  const rows = getDb()
    .select({ url: media.url, alt: media.alt })
    .from(media)
    .where(inArray(media.url, wanted))
    .all();
  return new Map(rows.filter((row) => row.alt).map((row) => [row.url, row.alt]));
}

/** The words for an image where it is used: its own there, else the library's (null: none yet). */
export function altTextOf(url: string | null | undefined, own: string | null | undefined): string | null {
  return own || (url ? libraryAltText([url]).get(url) : undefined) || null;
}

/** A body as visitors get it: sanitized, each image without words of its own given the library's. */
export function bodyWithAltText(html: string): string {
  const library = libraryAltText(imagesIn(html).map((image) => image.url));
  return sanitizePostHtml(html, { image: ({ src, alt }) => ({ src, alt: alt || library.get(src) || "" }) });
}

/**
 * Words typed where an image is used (in a saved body, or a cover or gallery image) become the
 * library's description of it when the library has none yet.
 */
export function shareAltText(tx: Tx, body: string, images: ImageUse[]) {
  // The first words typed for each address win, as a body may show one image more than once.
  const typed = new Map<string, string>();
  for (const use of [...imagesIn(body), ...images]) {
    const alt = use.alt?.trim();
    if (use.url && alt && !typed.has(use.url)) typed.set(use.url, alt);
  }
  if (!typed.size) return;
  // One read finds the library's images still without words: a body may hold thousands of others.
  const wanting = tx
    .select({ url: media.url })
    .from(media)
    .where(
      and(
        eq(media.alt, ""),
        sql`${media.url} in (select value from json_each(${JSON.stringify([...typed.keys()])}))`,
      ),
    )
    .all();
  for (const { url } of wanting)
    tx.update(media)
      .set({ alt: typed.get(url)! })
      .where(and(eq(media.url, url), eq(media.alt, "")))
      .run();
}

/**
 * The library's description of `url` changed from `before` to `after`: covers, gallery images and
 * images in the text that said `before` (they took it from the library) say `after`. Their pages
 * are drawn again; their revisions keep what they said then. Each item changed counts as saved now,
 * so an editor opened on it before is refused a save that would put the old words back (EditedSince).
 */
export function carryAltTextChange(tx: Tx, url: string, before: string, after: string, now = new Date()) {
  if (!before || before === after) return;
  const rewrite = (html: string) =>
    sanitizePostHtml(html, {
      image: ({ src, alt }) => ({ src, alt: src === url && alt === before ? after : alt }),
    });
  for (const table of [posts, caseStudies] as const) {
    tx.update(table)
      .set({ coverAlt: after, updatedAt: now })
      .where(and(eq(table.coverImage, url), eq(table.coverAlt, before)))
      .run();
  }
  const mentions = `%${url}%`;
  for (const post of tx
    .select({ id: posts.id, content: posts.content })
    .from(posts)
    .where(like(posts.content, mentions))
    .all()) {
    const content = rewrite(post.content);
    if (content !== post.content)
      tx.update(posts).set({ content, updatedAt: now }).where(eq(posts.id, post.id)).run();
  }
  for (const study of tx
    .select({ id: caseStudies.id, body: caseStudies.body, gallery: caseStudies.gallery })
    .from(caseStudies)
    .where(or(like(caseStudies.body, mentions), like(caseStudies.gallery, mentions)))
    .all()) {
    const body = rewrite(study.body);
    const gallery = study.gallery.map((image): GalleryImage =>
      image.url === url && image.alt === before ? { ...image, alt: after } : image,
    );
    if (body !== study.body || gallery.some((image, index) => image !== study.gallery[index]))
      tx.update(caseStudies).set({ body, gallery, updatedAt: now }).where(eq(caseStudies.id, study.id)).run();
  }
  contentChanged("posts");
  contentChanged("case-studies");
}
