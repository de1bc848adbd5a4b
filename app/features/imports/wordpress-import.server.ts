import type { Import } from "#db/schema";
import { importedPost, importPost } from "~/features/posts/index.server";

import {
  addressPlacer,
  authorHere,
  count,
  type Decided,
  finishImport,
  imageCopier,
  noteMissing,
  oldPath,
  type Progress,
  runTagSpellings,
  statusWithMissing,
  withinEditorLimits,
  withLocalImages,
} from "./import-steps.server";
import { imported, remember } from "./imported-items.server";
import { embedTitles } from "./media/embeds";
import { fileCopier, withLinkedFiles } from "./media/linked-files.server";
import { oldSiteFetches } from "./media/old-site-fetches.server";
import { galleryImages, wordpressBody } from "./wordpress-body.server";
import {
  dateOf,
  decideStatus,
  ExportAttachments,
  fullSize,
  imageSource,
  isTag,
  SKIPPED_STATUSES,
  termAddress,
  tooLong,
  tooLongBody,
} from "./wordpress-survey.server";
import { readWxr, type WxrItem } from "./wxr-reader.server";

/** Yoast's and Rank Math's title templates with the post's own words in: "%%title%% %%sep%% %%sitename%%". */
function seoText(template: string | undefined, title: string): string | null {
  if (!template) return null;
  // Far longer than any search title: what is past this is never shown, and never read.
  const text = template
    .slice(0, 2000)
    .replace(/%%?title%%?/g, title)
    .replace(/%%?sep%%?/g, "|")
    .replace(/%%?[a-z_]+%%?/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s|–-]+|[\s|–-]+$/g, "")
    .trim();
  return text || null;
}

/**
 * Imports an export's posts with their images, then points links between them at their new
 * addresses and redirects every old address. Each post and image is remembered under the old site's
 * address and the item's old id, so a run cut short resumes where it was, and a second run adds
 * nothing. Returns false when the tasks are stopping (the run is resumed at the next start).
 */
export async function runWordPressImport(
  row: Import,
  progress: Progress,
  stopping: () => boolean,
  now = new Date(),
): Promise<boolean> {
  const file = row.filePath!;
  const attachments = new ExportAttachments();
  // Tags that differ only in case ("Markup", "markup") come across as one: the site's spelling, else the export's most used.
  // …and each renamed or merged as the owner chose in the preview.
  const tags = runTagSpellings(row);
  const site = await readWxr(file, (item, channel) => {
    if (item.type === "post") for (const term of item.terms) if (isTag(term)) tags.add(term.name);
    if (item.type === "attachment") attachments.add(item, channel.url);
  });
  const galleries = galleryImages(attachments.byId);
  // A resized copy ("photo-300x200.jpg") is fetched as its full-size original when the export has it.
  // One old site: its images and other files share the fetching's patience.
  const fetches = oldSiteFetches();
  const copy = imageCopier(
    site.url,
    progress,
    imageSource(site.url, new Set(attachments.byUrl.keys())),
    fetches,
  );
  const linkedFiles = {
    ...attachments.locations(site.url),
    copyImage: copy,
    copyFile: fileCopier(site.url, progress, fetches),
  };
  const altOf = (src: string) => {
    const address = URL.canParse(src, `${site.url}/`) ? new URL(src, `${site.url}/`).href : src;
    const { byUrl } = attachments;
    return (byUrl.get(address) ?? byUrl.get(fullSize(address)))?.alt ?? "";
  };
  const postIds: string[] = [];
  const newAddresses = new Map<string, string>();
  const { place, placePage } = addressPlacer(row, progress, newAddresses);
  let stopped = false;

  await readWxr(file, async (item) => {
    if (stopped) return;
    if (stopping()) {
      stopped = true;
      return;
    }
    for (const term of item.terms)
      if (isTag(term))
        newAddresses.set(termAddress(term), `/blog?tag=${encodeURIComponent(tags.spelling(term.name))}`);
    if (item.type === "page" && !SKIPPED_STATUSES.has(item.status)) {
      const from = oldPath(item.link, site.url);
      if (from) placePage(from, item.slug, item.title);
    }
    if (item.type !== "post") return;
    const date = dateOf(item, now);
    const decided = decideStatus(item, date, now);
    if (!decided) return;
    const post = await bringPost(item, decided, date);
    if (!post) return;
    postIds.push(post.id);
    newAddresses.set(`/?p=${item.id}`, `/blog/${post.slug}`);
    const from = oldPath(item.link, site.url);
    if (from) newAddresses.set(from, `/blog/${post.slug}`);
    progress.save();
  });
  if (stopped) return false;
  for (const author of site.authors) place(`/author/${author.login}`, "/about");
  // WordPress's default category, which no post keeps here: its list is the blog.
  place("/category/uncategorized", "/blog");
  newAddresses.set("/feed", "/rss.xml");
  newAddresses.set("/comments/feed", "/rss.xml");
  await finishImport(site.url, progress, postIds, newAddresses);
  return true;

  /** The post here for a post of the export: imported now, or found from an earlier run. */
  async function bringPost(item: WxrItem, decided: NonNullable<Decided>, date: Date) {
    const known = imported(site.url, `post:${item.id}`);
    if (known) {
      // Brought by an earlier import, not by this one before a restart.
      if (known.at < row.createdAt) count(progress, "postsAlreadyHere");
      const here = importedPost(known.value);
      return here && { id: known.value, slug: here.slug };
    }
    if (tooLong(item, progress.problems)) return undefined;
    const body = wordpressBody(item.content, attachments.byId, {
      titles: embedTitles(item.meta),
      postId: item.id,
      galleries,
    });
    for (const problem of body.problems) progress.problems.add(`“${item.title}”: ${problem}`);
    // Too long once its shortcodes and embeds are what they show: refused before anything is fetched.
    if (tooLongBody(item.title, body.html, progress.problems)) return undefined;
    if (decided.problem) progress.problems.add(decided.problem);
    const cover = attachments.byId.get(item.meta._thumbnail_id ?? "");
    const coverImage = cover ? await copy(cover.url) : null;
    const coverMissing = cover && !coverImage ? copy.sourceOf(cover.url) : null;
    const linked = await withLinkedFiles(body.html, linkedFiles);
    const content = await withLocalImages(linked.html, copy, altOf);
    const fitted = withinEditorLimits(
      {
        title: item.title,
        slug: item.slug,
        excerpt: item.excerpt,
        content: content.html,
        coverImage,
        coverAlt: coverImage ? cover?.alt || null : null,
        tags: item.terms.filter(isTag).map((term) => tags.spelling(term.name)),
        status: decided.status,
        date,
        seoTitle: seoText(item.meta._yoast_wpseo_title ?? item.meta.rank_math_title, item.title),
        seoDescription: seoText(
          item.meta._yoast_wpseo_metadesc ?? item.meta.rank_math_description,
          item.title,
        ),
        authorId: authorHere(
          site.authors.find((a) => a.login === item.creator)?.name ?? "",
          item.creator,
          progress,
        ),
      },
      progress.problems,
    );
    if (!fitted) return undefined;
    // Counted and said only for a post that comes across.
    fitted.status = statusWithMissing(row, progress, item.title, decided.status, {
      images: content.missing.length + (coverMissing ? 1 : 0),
      files: linked.missing.length,
    });
    const post = importPost(fitted);
    remember(site.url, `post:${item.id}`, post.id);
    noteMissing(
      row,
      progress,
      post.id,
      { images: content.missing, cover: coverMissing, media: linked.missing },
      copy,
      { was: decided.status, is: fitted.status },
    );
    count(progress, "posts");
    return post;
  }
}
