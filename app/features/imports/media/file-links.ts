import { addressesIn } from "~/platform/text/sanitize.server";

/** Where an old site keeps its files, as an import reads a link: what decides that a link is to one of them. */
export type FileLocations = {
  siteUrl: string;
  /** The file an attachment page (`/?attachment_id=45`, `/post/photo/`) shows, when it is one. */
  attachmentFile?: (address: URL) => string | undefined;
  /**
   * Hosts other than the site's that keep its files (where the export's attachments are: a
   * WordPress.com site's `name.files.wordpress.com`, a CDN): any file there is the old site's.
   */
  fileHosts?: Set<string>;
};

/** The folders an old site keeps its uploaded files in (WordPress's, Ghost's images, files and media). */
const UPLOADS_PATH = /^\/(?:wp-content\/uploads|content\/(?:images|files|media))\//i;
export const IMAGE_NAME = /\.(?:jpe?g|png|gif|webp|avif)$/i;
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

/**
 * The old site's file a link leads to: one of its uploads (on its host or one keeping its files), or
 * the file of an attachment page; null for a page or another site's file.
 */
export function fileOf(href: string, { siteUrl, attachmentFile, fileHosts }: FileLocations): string | null {
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

/** The old site's files other than images (PDFs, recordings, videos) a body links to or plays: what an import fetches of it. */
export function filesLinkedIn(html: string, where: FileLocations): string[] {
  const files = new Set<string>();
  for (const address of addressesIn(html)) {
    const file = fileOf(address, where);
    if (file && !IMAGE_NAME.test(file)) files.add(file);
  }
  return [...files];
}
