export const FALLBACK_COVER = "/images/fallback-cover.svg";

/**
 * A 16:9 cover with fixed dimensions (no layout shift). A missing cover shows the local fallback
 * artwork. Below-the-fold covers load lazily; the hero one can ask for high priority.
 */
export function CoverImage({
  src,
  alt,
  priority = false,
  className = "",
}: {
  src: string | null | undefined;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src || FALLBACK_COVER}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={`aspect-video w-full object-cover ${className}`}
    />
  );
}
