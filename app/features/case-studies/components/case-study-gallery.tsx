import type { GalleryImage } from "#db/schema";
import { parseUploadedImage, srcSet } from "~/platform/images";

/** Wide enough to run edge to edge without becoming a wall: landscape, not a tall screenshot. */
export const isWide = (image: GalleryImage) => {
  const uploaded = parseUploadedImage(image.url);
  return !uploaded || uploaded.width >= uploaded.height * 1.3;
};

/**
 * One picture of the work at its own proportions (the upload's size is in its address, so no layout
 * shift), in AVIF and WebP at every width. `bleed`: across the whole window, the caption under it in
 * the text's column.
 */
export function GalleryFigure({
  image,
  sizes,
  bleed = false,
  className = "",
}: {
  image: GalleryImage;
  sizes: string;
  bleed?: boolean;
  className?: string;
}) {
  const uploaded = parseUploadedImage(image.url);
  const img = (
    <img
      src={image.url}
      srcSet={uploaded ? srcSet(uploaded, uploaded.fallback) : undefined}
      sizes={uploaded ? sizes : undefined}
      alt={image.alt}
      width={uploaded?.width}
      height={uploaded?.height}
      loading="lazy"
      decoding="async"
      className={`h-auto w-full bg-card object-cover ${bleed ? "" : "rounded-2xl border border-border"}`}
    />
  );
  return (
    <figure className={className}>
      {uploaded ? (
        <picture>
          <source type="image/avif" srcSet={srcSet(uploaded, "avif")} sizes={sizes} />
          <source type="image/webp" srcSet={srcSet(uploaded, "webp")} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
      {image.caption && (
        <figcaption
          className={`mt-3 text-sm text-pretty text-muted ${bleed ? "mx-auto max-w-6xl px-4 sm:px-6" : ""}`}
        >
          {image.caption}
        </figcaption>
      )}
    </figure>
  );
}

/** Images side by side (one column on phones), each at its own proportions. */
export function GalleryPair({ images }: { images: GalleryImage[] }) {
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <div
      className={`mx-auto mt-16 grid max-w-6xl gap-4 px-4 sm:gap-6 sm:px-6 lg:mt-24 ${single ? "" : "sm:grid-cols-2 sm:items-start"}`}
    >
      {images.map((image, index) => (
        <GalleryFigure
          key={`${image.url}-${index}`}
          image={image}
          sizes={
            single
              ? "(min-width: 1152px) 1104px, 100vw"
              : "(min-width: 1152px) 540px, (min-width: 640px) 50vw, 100vw"
          }
          className={!single && index % 2 === 1 ? "sm:mt-16" : ""}
        />
      ))}
    </div>
  );
}
