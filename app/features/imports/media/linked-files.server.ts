import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";

import pLimit from "p-limit";

import { MAX_VIDEO_BYTES, saveLinkedFile } from "~/features/media/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { addressesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

import { FETCH_TIMEOUT_MS, FetchRefused, openRemoteImage } from "../fetch-image.server";
import { count, linkMissingVideos, type Progress } from "../import-steps.server";
import { imported, remember } from "../imported-items.server";

/** The folders an old site keeps its uploaded files in (WordPress's, Ghost's images, files and media). */
const UPLOADS_PATH = /^\/(?:wp-content\/uploads|content\/(?:images|files|media))\//i;
const IMAGE_NAME = /\.(?:jpe?g|png|gif|webp|avif)$/i;

/** Files in a row that took the whole deadline, after which the old site is asked for no more this run. */
export const SLOW_FILES_BEFORE_GIVING_UP = 5;

/**
 * Copies a file an old site's post links to or plays (a PDF, a recording, a video) into the media
 * library, each once however often it is used (remembered under the old site, so a second run or a
 * resumed one fetches nothing again). The address is checked as an image's is (public addresses only,
 * three redirects, one deadline) and the file typed by its bytes, never its name; a length said to be
 * past the largest kind's cap is refused before a byte is read. A failure is reported and answered
 * with null: the link then keeps the old address. An old site that runs out the deadline for
 * SLOW_FILES_BEFORE_GIVING_UP files in a row is asked for no more in this run (each takes up to the
 * deadline, and a post can link to thousands): those are reported as not fetched, for a retry.
 */
export function fileCopier(siteUrl: string, progress: Progress, { timeoutMs = FETCH_TIMEOUT_MS } = {}) {
  let slowInARow = 0;
  return async (address: string): Promise<string | null> => {
    const known = imported(siteUrl, `file:${address}`);
    if (known) return known.value;
    if (slowInARow >= SLOW_FILES_BEFORE_GIVING_UP) {
      progress.problems.add(
        `file ${address} was not asked for (the old site ran out the time for ${slowInARow} files in a row): linked to the old address`,
      );
      return null;
    }
    const started = Date.now();
    let source: Readable | undefined;
    try {
      const name = decodeURIComponent(new URL(address).pathname.split("/").pop() ?? "");
      source = await openRemoteImage(address, { accept: "*/*", timeoutMs });
      if (Number((source as IncomingMessage).headers?.["content-length"]) > MAX_VIDEO_BYTES)
        throw new FetchRefused(`it says it is larger than ${MAX_VIDEO_BYTES / 1024 / 1024} MB`);
      const saved = await saveLinkedFile(source, name);
      slowInARow = 0;
      remember(siteUrl, `file:${address}`, saved.publicUrl);
      count(progress, "mediaFetched");
      return saved.publicUrl;
    } catch (error) {
      const late = Date.now() - started >= timeoutMs;
      slowInARow = late ? slowInARow + 1 : 0;
      const reason = late
        ? `it took longer than ${Math.round(timeoutMs / 1000)} seconds`
        : error instanceof FetchRefused || error instanceof UploadError
          ? error.message
          : error instanceof URIError
            ? "its name cannot be read"
            : String(error);
      progress.problems.add(`file ${address} could not be fetched (${reason}): linked to the old address`);
      return null;
    } finally {
      // A body refused part-way (too large, not a file we keep) is not left open until the deadline.
      source?.destroy();
    }
  };
}

/** Where a link of an old post leads among that site's files, as the import reads it. */
export type LinkedFiles = {
  siteUrl: string;
  /** An image's copy here (the full-size file of a resized copy), or null. */
  copyImage: (address: string) => Promise<string | null>;
  /** A PDF's, a recording's or a video's copy here, or null. */
  copyFile: (address: string) => Promise<string | null>;
  /** The file an attachment page (`/?attachment_id=45`, `/post/photo/`) shows, when it is one. */
  attachmentFile?: (address: URL) => string | undefined;
};

const twoAtATime = pLimit(2);

/** The old site's file a link leads to: one of its uploads, or the file of an attachment page. */
function fileOf(href: string, { siteUrl, attachmentFile }: LinkedFiles): string | null {
  let url: URL;
  try {
    url = new URL(href, `${siteUrl}/`);
  } catch {
    return null;
  }
  if (url.host !== new URL(siteUrl).host) return null;
  if (UPLOADS_PATH.test(url.pathname)) return `${url.origin}${url.pathname}`;
  return attachmentFile?.(url) ?? null;
}

/**
 * A body whose links to the old site's files (an image's full-size file, an attachment page, a PDF, a
 * recording) and whose videos point at their copies here, fetched now. What could not be fetched
 * keeps its old address (a link) or is left out (a video, which plays only this site's files), and
 * the files not fetched (other than images, which the image step counts) are returned as `missing`.
 */
export async function withLinkedFiles(
  html: string,
  files: LinkedFiles,
): Promise<{ html: string; missing: string[] }> {
  const wanted = new Map<string, string>();
  for (const address of addressesIn(html)) {
    const file = fileOf(address, files);
    if (file) wanted.set(address, file);
  }
  if (wanted.size === 0) return { html, missing: [] };
  const targets = [...new Set(wanted.values())];
  // Images one after another: two sizes of one photo ("-1024x683", the original) are one file to
  // fetch, and the second finds the first's copy.
  const oneAtATime = pLimit(1);
  const copied = await Promise.all(
    targets.map((file) =>
      IMAGE_NAME.test(file)
        ? oneAtATime(() => files.copyImage(file))
        : twoAtATime(() => files.copyFile(file)),
    ),
  );
  const local = new Map(targets.map((file, i) => [file, copied[i]]));
  const here = (address: string) => {
    const file = wanted.get(address);
    return (file && local.get(file)) || address;
  };
  // A PDF, a recording or a video not fetched: recorded with the post, so the import's count says so.
  const missing = targets.filter((file, i) => !copied[i] && !IMAGE_NAME.test(file));
  // A video not fetched stays as a link to its old address, for a retry to make it the video again.
  const kept = linkMissingVideos(html, (src) => here(src) === src && wanted.has(src));
  return { html: sanitizePostHtml(kept, { link: here, video: here }), missing };
}
