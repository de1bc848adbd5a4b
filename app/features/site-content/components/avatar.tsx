import type { ReactNode } from "react";

import { parseUploadedImage } from "~/platform/images";
import { stableHash } from "~/platform/text/stable-hash";

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
  alt = "",
  className = "",
}: {
  name: string;
  src: string | null | undefined;
  size: number;
  /** The photo's description; none where the name beside it says all a listener needs. */
  alt?: string;
  className?: string;
}) {
  const uploaded = parseUploadedImage(src);
  if (src) {
    const smallest = uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : src;
    return (
      <img
        src={smallest}
        alt={alt}
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

/** Hair, drawn behind the face (a circle at 50,46, r 17): one of a few cuts, chosen by the name. */
const HAIR: ((ink: string) => ReactNode)[] = [
  // Short.
  (ink) => <circle cx="50" cy="40" r="20" fill={ink} />,
  // Long, to the shoulders.
  (ink) => (
    <>
      <circle cx="50" cy="41" r="21" fill={ink} />
      <rect x="29" y="41" width="42" height="32" rx="10" fill={ink} />
    </>
  ),
  // A bun on top.
  (ink) => (
    <>
      <circle cx="50" cy="40" r="19.5" fill={ink} />
      <circle cx="50" cy="19" r="8" fill={ink} />
    </>
  ),
  // Swept to one side.
  (ink) => <ellipse cx="46" cy="38" rx="23" ry="18" transform="rotate(-12 46 38)" fill={ink} />,
  // Curls.
  (ink) => (
    <>
      {[
        [33, 40],
        [37, 30],
        [45, 25],
        [55, 25],
        [63, 30],
        [67, 40],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="9" fill={ink} />
      ))}
    </>
  ),
];

// The same two inks in both themes: a portrait is a picture, not text, and does not invert.
const INK = "#1f1a2e";
const PAPER = "#f5f0ea";

/**
 * Without a photo, an illustrated portrait in one duotone style: head and shoulders in the brand's
 * colours, the haircut and tones chosen by the name, so a team of them reads as a set drawn on purpose
 * and each person is always drawn the same.
 */
export function Portrait({
  name,
  size,
  className,
  framed = false,
}: {
  name: string;
  size: number;
  className: string;
  /** Filling a portrait frame (head and shoulders to its foot) instead of a round badge. */
  framed?: boolean;
}) {
  const hash = stableHash(name);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const id = `portrait-${hash.toString(36)}`;
  const hair = HAIR[(hash >>> 4) % HAIR.length]!;
  const glasses = (hash >>> 20) % 4 === 0;
  return (
    <svg
      // Framed: more room around the head and shoulders, in the frame's own 4:5.
      viewBox={framed ? "-14 -60 128 160" : "0 0 100 100"}
      width={framed ? undefined : size}
      height={framed ? undefined : size}
      preserveAspectRatio={framed ? "xMidYMax slice" : undefined}
      aria-hidden="true"
      className={`shrink-0 ${framed ? "" : "rounded-full"} ${className}`}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      {framed ? (
        <rect x="-14" y="-60" width="128" height="160" fill={`url(#${id})`} />
      ) : (
        <rect width="100" height="100" fill={`url(#${id})`} />
      )}
      <circle cx="50" cy="50" r="50" fill="var(--color-bg)" opacity="0.25" />
      {/* Hair behind, then shoulders and neck, then the face: two tones of one ink. */}
      {hair(INK)}
      <path d="M16 100c2-19 16-28 34-28s32 9 34 28z" fill={INK} opacity="0.88" />
      <path d="M43 58h14v16c-5 3-9 3-14 0z" fill={PAPER} opacity="0.75" />
      <circle cx="50" cy="46" r="17" fill={PAPER} />
      {glasses && (
        <g fill="none" stroke={INK} strokeWidth="1.6" opacity="0.8">
          <circle cx="43.5" cy="47" r="4.5" />
          <circle cx="56.5" cy="47" r="4.5" />
          <path d="M48 47h4" />
        </g>
      )}
    </svg>
  );
}
