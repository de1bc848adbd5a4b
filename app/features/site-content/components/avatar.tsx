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

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();

/**
 * A person's photo or a company's logo, square and round. Without one: an abstract portrait drawn from
 * the name (brand colours, shapes placed by the name's hash, the initials set over them), the same on
 * every page, rather than a bare letter.
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
  const hash = hashOf(name);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const id = `avatar-${hash.toString(36)}`;
  const x = 20 + (hash % 60);
  const y = 20 + ((hash >> 8) % 60);
  const r = 28 + ((hash >> 16) % 24);
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
      <circle cx={x} cy={y} r={r} fill="var(--color-bg)" opacity="0.18" />
      <circle cx={100 - y} cy={100 - x} r={r / 2} fill="var(--color-fg)" opacity="0.12" />
      <path
        d={`M0 ${60 + (hash % 25)} Q50 ${40 + ((hash >> 4) % 30)} 100 ${70 + ((hash >> 12) % 20)} V100 H0Z`}
        fill="var(--color-bg)"
        opacity="0.22"
      />
      <text
        x="50"
        y="50"
        dy="0.35em"
        textAnchor="middle"
        fontSize="34"
        fontWeight="700"
        letterSpacing="1"
        fill="var(--color-primary-fg)"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
