import type { Import } from "#db/schema";
import {
  importedPost,
  releaseImportedDraft,
  replaceImportedContent,
  setImportedCover,
} from "~/features/posts/index.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

import {
  count,
  escapeAttribute,
  imageCopier,
  KEPT_AS_DRAFT,
  keptAsDraftLine,
  NOT_YET_FETCHED,
  type Progress,
  withFetchedImages,
} from "./import-steps.server";
import {
  failedCounts,
  type Failure,
  failuresOf,
  forgetFailures,
  heldPostsOf,
  settleHeldPost,
} from "./imported-items.server";
import { fileCopier } from "./media/linked-files.server";
import { oldSiteFetches } from "./media/old-site-fetches.server";
import { timeSlice } from "./wxr-reader.server";

// "Fetch the missing images again": what an import could not fetch (images, covers, PDFs,
// recordings, videos) tried once more, put into its posts, and the posts held back for it put live.

/** Drops the report's line about a file (a PDF, a recording, a video) now here. */
function forgetMissingFile(problems: Set<string>, address: string) {
  for (const problem of [...problems])
    if (problem.startsWith(`file ${address} could not be fetched`)) problems.delete(problem);
}

/**
 * A link's file (its address without query or fragment), or null: looked up among the files fetched,
 * which are the old site's whichever host kept them (a WordPress.com site's files host).
 */
function oldFile(href: string, siteUrl: string): string | null {
  try {
    const url = new URL(href.replace(/&amp;/g, "&"), `${siteUrl}/`);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * A body with each PDF, recording or video fetched since: a link to its old address points at the copy
 * here, and a video's stand-in link ("Video: …", titled as not fetched) is the video again.
 */
export function withFetchedFiles(html: string, siteUrl: string, here: Map<string, string>): string {
  const changed = html.replace(/<a\b([^<>]*)>([^<]*)<\/a>/gi, (whole, attributes: string, text: string) => {
    const href = /\bhref="([^"]*)"/.exec(attributes)?.[1];
    const file = href === undefined ? null : oldFile(href, siteUrl);
    const copy = file && here.get(file);
    if (!copy) return whole;
    if (attributes.includes(`title="${NOT_YET_FETCHED}"`) && text.startsWith("Video: "))
      return `<video src="${escapeAttribute(copy)}" controls preload="metadata"></video>`;
    return whole.replace(`href="${href}"`, `href="${escapeAttribute(copy)}"`);
  });
  return changed === html ? html : sanitizePostHtml(changed);
}

/**
 * After a retry: each post held as a draft only for its missing files, now with nothing missing, goes
 * live as it was there, unless someone has changed it since the import (then it stays a draft, and
 * the report lists it). A post deleted, or published by someone meanwhile, is no longer held.
 */
function releaseHeldPosts(row: Import, progress: Progress) {
  const stillMissing = new Set(failuresOf(row.id).map((failure) => failure.postId));
  for (const held of heldPostsOf(row.id)) {
    if (held.releasedAt || held.keptAt || stillMissing.has(held.postId)) continue;
    const post = importedPost(held.postId);
    if (!post || post.status !== "draft") settleHeldPost(row.id, held.postId, "gone");
    else if (releaseImportedDraft(held.postId, held.status, held.untouchedAt)) {
      settleHeldPost(row.id, held.postId, "released");
      count(progress, "postsWentLive");
    } else settleHeldPost(row.id, held.postId, "kept");
  }
}

/**
 * The report's lines and count of posts kept as drafts for their missing files, as they now are: none
 * for a post that went live, was changed since or deleted; for one still waiting, what it still misses.
 */
function rewordHeldPosts(row: Import, progress: Progress) {
  for (const problem of [...progress.problems])
    if (problem.endsWith(KEPT_AS_DRAFT)) progress.problems.delete(problem);
  const missing = new Map<string, { images: Set<string>; files: Set<string> }>();
  for (const failure of failuresOf(row.id)) {
    const post = missing.get(failure.postId) ?? { images: new Set(), files: new Set() };
    (failure.kind === "media" ? post.files : post.images).add(failure.source);
    missing.set(failure.postId, post);
  }
  let waiting = 0;
  for (const held of heldPostsOf(row.id)) {
    const misses = missing.get(held.postId);
    const post = importedPost(held.postId);
    if (held.releasedAt || held.keptAt || !misses || !post) continue;
    waiting += 1;
    progress.problems.add(
      keptAsDraftLine(post.title, { images: misses.images.size, files: misses.files.size }),
    );
  }
  progress.counts.postsKeptAsDrafts = waiting;
}

/**
 * "Fetch the missing images again": each file an import could not fetch is tried once more, once
 * however many posts use it; each post it belongs to is given the copy here (in its body, or as its
 * cover), and it is no longer missing. What still fails stays missing, to try again later. Returns
 * false when the tasks stop first (the rest is tried at the next start).
 */
export async function fetchMissingAgain(
  row: Import,
  progress: Progress,
  stopping: () => boolean,
): Promise<boolean> {
  const failures = failuresOf(row.id);
  const sources = new Map(failures.map((failure) => [failure.address, failure.source]));
  // One old site: its images and other files share the fetching's patience.
  const fetches = oldSiteFetches();
  const copy = imageCopier(row.site, progress, (address) => sources.get(address) ?? address, fetches);
  const copyOnce = fileCopier(row.site, progress, fetches);
  // Each other file tried once however many posts link to it (as images are).
  const tried = new Map<string, Promise<string | null>>();
  const copyFile = (address: string) => {
    if (!tried.has(address)) tried.set(address, copyOnce(address));
    return tried.get(address)!.then((copied) => {
      if (copied) forgetMissingFile(progress.problems, address);
      return copied;
    });
  };
  const byPost = new Map<string, Failure[]>();
  for (const failure of failures)
    byPost.set(failure.postId, [...(byPost.get(failure.postId) ?? []), failure]);
  const slice = timeSlice();
  for (const [postId, misses] of byPost) {
    await slice();
    if (stopping()) return false;
    const post = importedPost(postId);
    // A post deleted since misses nothing.
    if (!post) {
      forgetFailures(row.id, postId, [...new Set(misses.map((miss) => miss.address))]);
      continue;
    }
    const images = new Map<string, string>();
    const files = new Map<string, string>();
    for (const miss of misses) {
      const copied = miss.kind === "media" ? await copyFile(miss.address) : await copy(miss.address);
      if (copied) (miss.kind === "media" ? files : images).set(miss.address, copied);
    }
    if (!images.size && !files.size) continue;
    const content = withFetchedFiles(withFetchedImages(post.content, images), row.site, files);
    if (content !== post.content) replaceImportedContent(postId, content);
    const cover = misses.find((miss) => miss.kind === "cover" && images.has(miss.address));
    if (cover) setImportedCover(postId, images.get(cover.address)!);
    forgetFailures(row.id, postId, [...images.keys()], "image");
    forgetFailures(row.id, postId, [...files.keys()], "media");
    Object.assign(progress.counts, failedCounts(row.id));
    progress.save();
  }
  releaseHeldPosts(row, progress);
  rewordHeldPosts(row, progress);
  const after = failedCounts(row.id);
  Object.assign(progress.counts, after, {
    retryFetched: Math.max(0, (progress.counts.retryMissing ?? 0) - after.imagesFailed - after.mediaFailed),
  });
  return true;
}
