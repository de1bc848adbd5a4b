import { useRouteLoaderData } from "react-router";

import { artworkUrl, parseUploadedImage, srcSet } from "~/platform/images";

export const FALLBACK_COVER = artworkUrl("fallback");

/** The root's data this reads: the focal points by image address. */
type RootFocal = { focal?: Record<string, string> };

/**
 * A 16:9 cover with fixed dimensions (no layout shift). An uploaded image becomes a <picture> with
 * AVIF and WebP sources in every width (so does the site's own artwork); a missing cover shows the
 * fallback artwork.
 * Below-the-fold covers load lazily; the hero one asks for high priority.
 */
export function CoverImage({
  src,
  alt,
  priority = false,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  className = "",
}: {
  src: string | null | undefined;
  alt: string;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  const uploaded = parseUploadedImage(src || FALLBACK_COVER);
  // The owner's focal point for this image (the media library), kept in view by every crop.
  const root = useRouteLoaderData("root") as RootFocal | undefined;
  const focal = src ? root?.focal?.[src] : undefined;
  const img = (
    <img
      src={src || FALLBACK_COVER}
      srcSet={uploaded ? srcSet(uploaded, uploaded.fallback) : undefined}
      sizes={uploaded ? sizes : undefined}
      alt={alt}
      width={uploaded?.width ?? 1200}
      height={uploaded?.height ?? 675}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      style={focal ? { objectPosition: focal } : undefined}
      className={`aspect-video w-full object-cover ${className}`}
    />
  );
  if (!uploaded) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(uploaded, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(uploaded, "webp")} sizes={sizes} />
      {img}
    </picture>
  );
}
