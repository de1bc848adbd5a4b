/** The responsive widths made for every uploaded image (never wider than the original). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const MAX_WIDTH = 1600;

/**
 * An uploaded image's public URL names it and its size: /uploads/images/{id}-{width}x{height}/{w}.{jpg|png}.
 * The variants sit beside it: {w}.avif, {w}.webp and {w}.{jpg|png} for each width. The site's own
 * artwork is laid out the same way: the committed seeds' under /images/art/ (scripts/make/make-artwork.ts),
 * what the site draws for new content under /uploads/art/ (services/artwork.server.ts).
 */
const UPLOADED =
  /^(\/(?:uploads\/images|uploads\/art|images\/art)\/[a-z0-9-]+?-(\d+)x(\d+))\/(\d+)\.(jpg|png)$/;

export type UploadedImage = {
  dir: string;
  width: number;
  height: number;
  widths: number[];
  fallback: "jpg" | "png";
};

export function variantWidths(originalWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < originalWidth);
  widths.push(Math.min(originalWidth, MAX_WIDTH));
  return [...new Set(widths)].sort((a, b) => a - b);
}

export function imagePublicUrl(id: string, width: number, height: number, fallback: "jpg" | "png"): string {
  const widths = variantWidths(width);
  return `/uploads/images/${id}-${width}x${height}/${widths[widths.length - 1]}.${fallback}`;
}

export function parseUploadedImage(url: string | null | undefined): UploadedImage | null {
  const match = url ? UPLOADED.exec(url) : null;
  if (!match) return null;
  const [, dir, w, h, , ext] = match;
  const width = Number(w);
  return {
    dir: dir!,
    width,
    height: Number(h),
    widths: variantWidths(width),
    fallback: ext as "jpg" | "png",
  };
}

export function srcSet(image: UploadedImage, ext: string): string {
  return image.widths.map((w) => `${image.dir}/${w}.${ext} ${w}w`).join(", ");
}

/** The site's own cover artwork: one per case study and post that has no uploaded cover (decision 023). */
export const ARTWORK_SIZE = { width: 1200, height: 675 } as const;
export const artworkDir = (name: string) =>
  `/images/art/${name}-${ARTWORK_SIZE.width}x${ARTWORK_SIZE.height}`;
export const artworkUrl = (name: string) => `${artworkDir(name)}/${ARTWORK_SIZE.width}.jpg`;

/** Artwork the site drew for an item without a cover: content-addressed, so cached for good like uploads. */
export const generatedArtworkUrl = (kind: "work" | "blog", hash: string) =>
  `/uploads/art/${kind}-${hash}-${ARTWORK_SIZE.width}x${ARTWORK_SIZE.height}/${ARTWORK_SIZE.width}.jpg`;

/**
 * Whether a cover was chosen by the agency (an upload, a library image): it always wins. No cover, or
 * the site's own artwork (/images/art/, /uploads/art/), is the site's to draw and redraw.
 */
export const isChosenCover = (url: string | null | undefined): url is string =>
  !!url && !url.startsWith("/images/art/") && !url.startsWith("/uploads/art/");

/**
 * The picture types a page may name as its social image (og:image): what Facebook, LinkedIn, X and
 * Slack all show. Never SVG: the networks refuse it, and its text would need the viewer's fonts.
 */
const SHAREABLE = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/** The MIME type of a shareable image address (by its extension), or null for anything else (SVG…). */
export function shareableImageType(url: string | null | undefined): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, "http://site.invalid").pathname;
  } catch {
    return null;
  }
  const ext = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  return ext && ext in SHAREABLE ? SHAREABLE[ext as keyof typeof SHAREABLE] : null;
}

/** The size of an uploaded image's largest variant (the file its public URL names), when the URL says. */
export function uploadedImageSize(url: string | null | undefined): { width: number; height: number } | null {
  const image = parseUploadedImage(url);
  if (!image) return null;
  const width = image.widths[image.widths.length - 1]!;
  return { width, height: Math.round((image.height * width) / image.width) };
}
