import { parseUploadedImage } from "~/platform/images";

/** A small stable number from a name, so a person's fallback is always the same picture. */
function hashOf(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
}

const PALETTES = [
  ["var(--color-primary)", "var(--color-secondary)"],
  ["var(--color-secondary)", "var(--color-accent)"],
  ["var(--color-accent)", "var(--color-primary)"],
] as const;

/**
 * A person's photo or a company's logo, square and round; without one, an illustrated portrait.
 */
export function Avatar({
  name,
  src,
  size,
  className = "",
}: {
  name: string;
  src: string | null | undefined;
  size: number;
  className?: string;
}) {
  const uploaded = parseUploadedImage(src);
  if (src) {
    const smallest = uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : src;
    return (
      <img
        src={smallest}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`shrink-0 rounded-full bg-bg object-cover ${className}`}
      />
    );
  }
  return <Portrait name={name} size={size} className={className} />;
}

/** Hair, drawn over the head (cx 50, cy 44, r 17): one of a few cuts, chosen by the name. */
const HAIR = [
  // Short and neat.
  "M33 42c0-13 8-20 17-20s17 7 17 20c-3-6-9-9-17-9s-14 3-17 9z",
  // A side parting.
  "M32 46c-1-15 8-24 19-24 10 0 17 7 17 18-6-5-13-6-20-4-6 2-11 5-16 10z",
  // A bob to the jaw.
  "M31 58c-3-22 4-36 19-36s22 14 19 36c-2-10-3-17-6-22-5 3-15 4-26 0-3 5-4 12-6 22z",
  // Long, over the shoulders.
  "M29 72c-5-30 2-50 21-50s26 20 21 50c-3-2-5-3-6-3 1-10 1-22-2-30-6 4-20 5-28 0-3 8-3 20-2 30-1 0-3 1-4 3z",
  // A bun on top.
  "M34 42c0-12 7-18 16-18s16 6 16 18c-4-5-9-8-16-8s-12 3-16 8zM44 21a6 6 0 1 0 12 0a6 6 0 1 0-12 0z",
  // Close-cropped curls.
  "M33 40c-2-6 2-10 5-11 0-5 6-8 10-6 3-3 9-2 11 2 5 0 8 5 7 9 3 3 2 8-1 9-4-5-10-8-15-8s-13 2-17 5z",
];

/**
 * Without a photo, an illustrated portrait in one duotone style: head and shoulders in the brand's
 * colours, the haircut and tones chosen by the name, so a team of them reads as a set drawn on purpose
 * and each person is always drawn the same.
 */
function Portrait({ name, size, className }: { name: string; size: number; className: string }) {
  const hash = hashOf(name);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const id = `portrait-${hash.toString(36)}`;
  const hair = HAIR[(hash >> 4) % HAIR.length]!;
  const glasses = (hash >> 9) % 5 === 0;
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      aria-hidden="true"
      className={`shrink-0 rounded-full ${className}`}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${id})`} />
      <circle cx="50" cy="50" r="50" fill="var(--color-bg)" opacity="0.25" />
      {/* Shoulders and neck, then the face, then the hair: two tones of the same ink. */}
      <path d="M18 100c2-18 15-27 32-27s30 9 32 27z" fill="var(--color-fg)" opacity="0.82" />
      <path d="M44 58h12v17c-4 3-8 3-12 0z" fill="var(--color-fg)" opacity="0.45" />
      <circle cx="50" cy="44" r="17" fill="var(--color-bg)" opacity="0.9" />
      <path d={hair} fill="var(--color-fg)" opacity="0.82" />
      {glasses && (
        <g fill="none" stroke="var(--color-fg)" strokeWidth="1.6" opacity="0.8">
          <circle cx="43.5" cy="46" r="4.5" />
          <circle cx="56.5" cy="46" r="4.5" />
          <path d="M48 46h4" />
        </g>
      )}
    </svg>
  );
}
