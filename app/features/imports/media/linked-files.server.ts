import pLimit from "p-limit";

import { MAX_VIDEO_BYTES, saveLinkedFile } from "~/features/media/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { addressesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

import { FetchRefused } from "../fetch-image.server";
import { count, linkMissingVideos, type Progress } from "../import-steps.server";
import { imported, remember } from "../imported-items.server";
import { type OldSiteFetch, oldSiteFetches } from "./old-site-fetches.server";

/** The folders an old site keeps its uploaded files in (WordPress's, Ghost's images, files and media). */
const UPLOADS_PATH = /^\/(?:wp-content\/uploads|content\/(?:images|files|media))\//i;
const IMAGE_NAME = /\.(?:jpe?g|png|gif|webp|avif)$/i;

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

/** Where a link of an old post leads among that site's files, as the import reads it. */
export type LinkedFiles = {
  siteUrl: string;
  /** An image's copy here (the full-size file of a resized copy), or null. */
  copyImage: (address: string) => Promise<string | null>;
  /** A PDF's, a recording's or a video's copy here, or null. */
  copyFile: (address: string) => Promise<string | null>;
  /** The file an attachment page (`/?attachment_id=45`, `/post/photo/`) shows, when it is one. */
  attachmentFile?: (address: URL) => string | undefined;
  /**
   * Hosts other than the site's that keep its files (where the export's attachments are: a
   * WordPress.com site's `name.files.wordpress.com`, a CDN): any file there is the old site's.
   */
  fileHosts?: Set<string>;
};

/** An address's last part names a file ("menu.pdf"), not a page. */
const FILE_NAME = /\/[^/]+\.[a-z0-9]{2,5}$/i;

/** The hosts an export's attachments live on, other than the site's own: where its files are kept. */
export function fileHostsOf(siteUrl: string, attachmentUrls: Iterable<string>): Set<string> {
  const site = URL.canParse(siteUrl) ? new URL(siteUrl).host : "";
  const hosts = new Set<string>();
  for (const address of attachmentUrls)
    if (URL.canParse(address)) {
      const { host } = new URL(address);
      if (host !== site) hosts.add(host);
    }
  return hosts;
}

const twoAtATime = pLimit(2);

/** The old site's file a link leads to: one of its uploads (on its host or one keeping its files), or the file of an attachment page. */
function fileOf(href: string, { siteUrl, attachmentFile, fileHosts }: LinkedFiles): string | null {
  let url: URL;
  try {
    url = new URL(href, `${siteUrl}/`);
  } catch {
    return null;
  }
  if (url.host !== new URL(siteUrl).host)
    return fileHosts?.has(url.host) && FILE_NAME.test(url.pathname) ? `${url.origin}${url.pathname}` : null;
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
