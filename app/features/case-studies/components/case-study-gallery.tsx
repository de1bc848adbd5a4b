import type { GalleryImage } from "#db/schema";
import { parseUploadedImage, srcSet } from "~/platform/images";

/**
 * The visuals of the work: the first image across the full width, the rest two by two (one column on
 * phones), each at its own proportions (the upload's size is in its address, so no layout shift).
 */
export function CaseStudyGallery({ images }: { images: GalleryImage[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6">
      {images.map((image, index) => {
        const wide = index === 0 || (images.length % 2 === 0 && index === images.length - 1);
        const uploaded = parseUploadedImage(image.url);
        const sizes = wide
          ? "(min-width: 1152px) 1104px, 100vw"
          : "(min-width: 1152px) 540px, (min-width: 640px) 50vw, 100vw";
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
            className="h-auto w-full rounded-2xl border border-border bg-card object-cover"
          />
        );
        return (
          <li key={`${image.url}-${index}`} className={wide ? "sm:col-span-2" : ""}>
            <figure>
              {uploaded ? (
                <picture>
                  <source type="image/avif" srcSet={srcSet(uploaded, "avif")} sizes={sizes} />
                  <source type="image/webp" srcSet={srcSet(uploaded, "webp")} sizes={sizes} />
                  {img}
                </picture>
              ) : (
                img
              )}
              {image.caption && <figcaption className="mt-2 text-sm text-muted">{image.caption}</figcaption>}
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
