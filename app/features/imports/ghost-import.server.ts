import type { Import } from "#db/schema";
import { importedPost, importPost } from "~/features/posts/index.server";

import {
  countTags,
  dateOf,
  decideStatus,
  fullSize,
  ghostLists,
  onSite,
  readGhost,
  relations,
  tooLong,
  wasLivePage,
} from "./ghost-survey.server";
import {
  addressPlacer,
  authorHere,
  count,
  finishImport,
  imageCopier,
  noteMissing,
  type Progress,
  runTagSpellings,
  statusWithMissing,
  withinEditorLimits,
  withLocalImages,
} from "./import-steps.server";
import { imported, remember } from "./imported-items.server";
import { embedsAsCards, playersAsSiteMedia } from "./media/embeds";
import { fileCopier, withLinkedFiles } from "./media/linked-files.server";
import { oldSiteFetches } from "./media/old-site-fetches.server";
import { framesAsLinks } from "./wordpress-body.server";
import { timeSlice } from "./wxr-reader.server";

/** Imports a Ghost export's posts (see runWordPressImport: the same steps, the same promises). */
export async function runGhostImport(
  row: Import,
  progress: Progress,
  stopping: () => boolean,
  now = new Date(),
) {
  const data = await readGhost(row.filePath!);
  const site = row.site;
  const { tagsOf, authorOf, meta } = relations(data);
  // One old site: its images and other files share the fetching's patience.
  const fetches = oldSiteFetches();
  const copy = imageCopier(site, progress, fullSize, fetches);
  const linkedFiles = { siteUrl: site, copyImage: copy, copyFile: fileCopier(site, progress, fetches) };
  // Merged across case and as the owner chose, as WordPress's are: every spelling counted first.
  const tags = runTagSpellings(row);
  await countTags(data, tags);
  const postIds: string[] = [];
  const newAddresses = new Map<string, string>();
  const { place, placePage } = addressPlacer(row, progress, newAddresses);
  const slice = timeSlice();
  for (const post of data.posts) {
    await slice();
    if (stopping()) return false;
    if (post.type === "page") {
      if (wasLivePage(post)) placePage(`/${post.slug}`, post.slug, post.title);
      continue;
    }
    const date = dateOf(post, now);
    const decided = decideStatus(post, date, now);
    if (!decided) continue;
    const known = imported(site, `post:${post.id}`);
    let here: { id: string; slug: string } | undefined;
    if (known) {
      if (known.at < row.createdAt) count(progress, "postsAlreadyHere");
      const found = importedPost(known.value);
      here = found && { id: known.value, slug: found.slug };
    } else {
      if (tooLong(post, progress.problems)) continue;
      if (decided.problem) progress.problems.add(decided.problem);
      const extra = meta.get(post.id);
      const cover = post.feature_image ? await copy(onSite(post.feature_image, site)) : null;
      const coverMissing =
        post.feature_image && !cover ? copy.sourceOf(onSite(post.feature_image, site)) : null;
      const linked = await withLinkedFiles(
        embedsAsCards(playersAsSiteMedia(framesAsLinks(onSite(post.html ?? "", site)))),
        linkedFiles,
      );
      const content = await withLocalImages(linked.html, copy);
      const author = authorOf(post.id);
      const fitted = withinEditorLimits(
        {
          title: post.title,
          slug: post.slug,
          excerpt: post.custom_excerpt ?? "",
          content: content.html,
          coverImage: cover,
          coverAlt: cover ? extra?.feature_image_alt || null : null,
          tags: tagsOf(post.id).map((tag) => tags.spelling(tag.name)),
          status: statusWithMissing(row, progress, post.title, decided.status, {
            images: content.missing.length + (coverMissing ? 1 : 0),
            files: linked.missing.length,
          }),
          date,
          seoTitle: extra?.meta_title ?? post.meta_title ?? null,
          seoDescription: extra?.meta_description ?? post.meta_description ?? null,
          authorId: author ? authorHere(author.name, author.slug, progress) : null,
        },
        progress.problems,
      );
      if (!fitted) continue;
      here = importPost(fitted);
      remember(site, `post:${post.id}`, here.id);
      noteMissing(
        row,
        progress,
        here.id,
        { images: content.missing, cover: coverMissing, media: linked.missing },
        copy,
        { was: decided.status, is: fitted.status },
      );
      count(progress, "posts");
    }
    if (here) {
      postIds.push(here.id);
      newAddresses.set(`/${post.slug}`, `/blog/${here.slug}`);
    }
    progress.save();
  }
  const lists = ghostLists(data, tags);
  for (const [from, to] of lists.tagLists) newAddresses.set(from, to);
  for (const list of lists.unmatched) place(list.from, list.suggested!);
  newAddresses.set("/rss", "/rss.xml");
  await finishImport(site, progress, postIds, newAddresses);
  return true;
}
