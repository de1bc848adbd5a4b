import pLimit from "p-limit";

import { MAX_VIDEO_BYTES, saveLinkedFile } from "~/features/media/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { addressesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

import { FetchRefused } from "../fetch-image.server";
import { count, linkMissingVideos, type Progress } from "../import-steps.server";
import { imported, remember } from "../imported-items.server";
import { type FileLocations, fileOf, IMAGE_NAME } from "./file-links";
import { type OldSiteFetch, oldSiteFetches } from "./old-site-fetches.server";

/**
 * Copies a file an old site's post links to or plays (a PDF, a recording, a video) into the media
 * library, each once however often it is used (remembered under the old site, so a second run or a
 * resumed one fetches nothing again). The address is checked as an image's is, through the run's
 * `fetches` (shared with its images: a length said to be past the largest kind's cap is refused before
 * a byte is read, and an old site that keeps running out the deadline is asked for no more this run)
 * and the file typed by its bytes, never its name. A failure is reported and answered with null: the
 * link then keeps the old address, for a retry.
 */
export function fileCopier(siteUrl: string, progress: Progress, fetches: OldSiteFetch = oldSiteFetches()) {
  return async (address: string): Promise<string | null> => {
    const known = imported(siteUrl, `file:${address}`);
    if (known) return known.value;
    try {
      const name = decodeURIComponent(new URL(address).pathname.split("/").pop() ?? "");
      const saved = await fetches(address, (source) => saveLinkedFile(source, name), {
        accept: "*/*",
        maxBytes: MAX_VIDEO_BYTES,
      });
      remember(siteUrl, `file:${address}`, saved.publicUrl);
      count(progress, "mediaFetched");
      return saved.publicUrl;
    } catch (error) {
      const reason =
        error instanceof FetchRefused || error instanceof UploadError
          ? error.message
          : error instanceof URIError
            ? "its name cannot be read"
            : String(error);
      progress.problems.add(`file ${address} could not be fetched (${reason}): linked to the old address`);
      return null;
    }
  };
}

/** Where a link of an old post leads among that site's files, and how the import copies them. */
export type LinkedFiles = FileLocations & {
  /** An image's copy here (the full-size file of a resized copy), or null. */
  copyImage: (address: string) => Promise<string | null>;
  /** A PDF's, a recording's or a video's copy here, or null. */
  copyFile: (address: string) => Promise<string | null>;
};

const twoAtATime = pLimit(2);

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
