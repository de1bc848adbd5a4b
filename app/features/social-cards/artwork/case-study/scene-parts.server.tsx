// What the case-study scenes share: the client's name, abstract photos, a screen's header, map pins and stars.
import { type CSSProperties } from "react";

import { headline, type StudyFacts } from "../compose";
import { hashNumber, type Palette } from "../palettes";
import { Box, DISPLAY, Monogram } from "../parts.server";

export type Props = { study: StudyFacts; palette: Palette; seed: string };

export const studyName = (study: StudyFacts) => study.clientName.trim() || headline(study);

/**
 * An abstract "photo" in a mock-up: the client's colours in a few big shapes, one SVG clipped to its
 * own rounded corners (satori clips an `overflow: hidden` box with a mask on every child, which
 * librsvg renders slowly: 2.5 s for a cover instead of 0.1 s). `fade` darkens the foot for white type.
 */
export function Picture({
  palette,
  seed,
  width,
  height,
  radius = 16,
  variant = 0,
  fade = false,
  style,
}: {
  palette: Palette;
  seed: string;
  width: number;
  height: number;
  radius?: number;
  variant?: number;
  fade?: boolean;
  style?: CSSProperties;
}) {
  const n = hashNumber(seed, "picture");
  const id = `p${n.toString(36)}${variant}`;
  const size = Math.min(width, height) * (0.4 + (n % 16) / 100) * 1.2;
  const [from, to] = variant % 2 ? [palette.bg[1], palette.bg[0]] : palette.bg;
  const shapes = [
    <circle
      key="s"
      cx={width * 0.62}
      cy={height * 0.4}
      r={size / 2}
      fill={palette.accent}
      fillOpacity={0.9}
    />,
    <path
      key="s"
      d={`M ${width * 0.2} ${height} V ${height * 0.3 + size / 2} a ${size / 2} ${size / 2} 0 0 1 ${size} 0 V ${height} Z`}
      fill={palette.accent}
      fillOpacity={0.9}
    />,
    <rect
      key="s"
      x={width * 0.5 - size / 2}
      y={height * 0.34 - size / 2}
      width={size}
      height={size}
      rx={size * 0.22}
      fill={palette.accent}
      fillOpacity={0.9}
      transform={`rotate(12 ${width * 0.5} ${height * 0.34})`}
    />,
  ];
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={style}>
      <defs>
        <clipPath id={`${id}c`}>
          <rect width={width} height={height} rx={radius} />
        </clipPath>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        <linearGradient id={`${id}f`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.35" stopColor="#000000" stopOpacity={0} />
          <stop offset="1" stopColor="#000000" stopOpacity={0.62} />
        </linearGradient>
      </defs>
      <g clipPath={`url(#${id}c)`}>
        <rect width={width} height={height} fill={`url(#${id}g)`} />
        {shapes[variant % 3]}
        <ellipse
          cx={width * 0.4}
          cy={height * 1.02}
          rx={width * 0.75}
          ry={height * 0.42}
          fill={palette.surface}
          fillOpacity={0.28}
        />
        {fade && <rect width={width} height={height} fill={`url(#${id}f)`} />}
      </g>
    </svg>
  );
}

export function Photo({
  palette,
  seed,
  width,
  height,
  variant,
  radius = 0,
}: {
  palette: Palette;
  seed: string;
  width: number;
  height: number;
  variant: number;
  radius?: number;
}) {
  return (
    <Picture
      palette={palette}
      seed={seed}
      width={width}
      height={height}
      variant={variant}
      radius={radius}
      fade
      style={{ position: "absolute", left: 0, top: 0 }}
    />
  );
}

export function ScreenHeader({ study, palette }: { study: StudyFacts; palette: Palette }) {
  return (
    <Box style={{ alignItems: "center", gap: 12, padding: "64px 24px 0" }}>
      <Monogram name={studyName(study)} palette={palette} size={40} />
      <Box
        style={{
          fontFamily: DISPLAY,
          fontWeight: 800,
          fontSize: 22,
          color: palette.ink,
          lineHeight: 1.05,
          flex: 1,
        }}
      >
        {studyName(study)}
      </Box>
    </Box>
  );
}

export function Pin({ x, y, palette, size = 1 }: { x: number; y: number; palette: Palette; size?: number }) {
  const w = 64 * size;
  const h = 84 * size;
  return (
    <svg
      width={w}
      height={h}
      viewBox="0 0 64 84"
      style={{ position: "absolute", left: x - w / 2, top: y - h }}
    >
      <ellipse cx={32} cy={80} rx={14} ry={4} fill="#000000" fillOpacity={0.2} />
      <path
        d="M32 2C16 2 4 14 4 30c0 21 28 48 28 48s28-27 28-48C60 14 48 2 32 2z"
        fill={palette.accent}
        stroke={palette.surface}
        strokeWidth={4}
      />
      <circle cx={32} cy={30} r={11} fill={palette.surface} />
    </svg>
  );
}

export function Stars({ rating, colour }: { rating: string; colour: string }) {
  return (
    <Box style={{ alignItems: "center", gap: 6 }}>
      <Box style={{ fontSize: 20, fontWeight: 600, color: colour }}>{rating}</Box>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={20} height={20} viewBox="0 0 24 24">
          <path
            d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7.1L12 17.6 5.8 21.3l1.6-7.1L2 9.5l7.1-.6z"
            fill="#f5b400"
          />
        </svg>
      ))}
    </Box>
  );
}

/** A street map: blocks, parks, the river, a few main roads, all from the client's seed. */
export function MapSvg({ palette, seed }: { palette: Palette; seed: string }) {
  const n = (i: number, max: number) => hashNumber(seed, `map${i}`) % max;
  const land = palette.muted;
  const road = palette.surface;
  const roads = [
    `M -20 ${160 + n(1, 80)} C 300 ${120 + n(2, 80)}, 700 ${260 + n(3, 60)}, 1220 ${180 + n(4, 60)}`,
    `M ${380 + n(5, 120)} -20 C ${420 + n(6, 80)} 240, ${560 + n(7, 80)} 420, ${520 + n(8, 120)} 700`,
    `M ${880 + n(9, 80)} -20 L ${820 + n(10, 80)} 700`,
    `M -20 ${520 + n(11, 60)} C 400 ${480 + n(12, 60)}, 800 ${560 + n(13, 60)}, 1220 ${500 + n(14, 60)}`,
    `M 620 -20 C 700 200, 1000 300, 1220 ${320 + n(15, 80)}`,
  ];
  const river = `M -40 ${400 + n(16, 40)} C 260 ${330 + n(17, 60)}, 520 ${470 + n(18, 60)}, 760 ${390 + n(19, 40)} S 1080 ${360 + n(20, 60)}, 1240 ${410 + n(21, 40)}`;
  const blocks = Array.from({ length: 26 }, (_, i) => {
    const x = (i % 7) * 180 + n(30 + i, 40);
    const y = Math.floor(i / 7) * 180 + n(60 + i, 40);
    return (
      <rect
        key={i}
        x={x}
        y={y}
        width={110 + n(90 + i, 40)}
        height={90 + n(120 + i, 40)}
        rx={14}
        fill={road}
        fillOpacity={0.45}
      />
    );
  });
  return (
    <svg width={1200} height={675} viewBox="0 0 1200 675" style={{ position: "absolute", left: 0, top: 0 }}>
      <rect width={1200} height={675} fill={land} />
      {blocks}
      <rect x={120 + n(22, 200)} y={40} width={240} height={150} rx={40} fill="#bfe3b4" />
      <rect x={860 + n(23, 120)} y={520} width={260} height={140} rx={40} fill="#bfe3b4" />
      <path d={river} fill="none" stroke="#9fd3ea" strokeWidth={54} strokeLinecap="round" />
      {roads.map((d, i) => (
        <path key={i} d={d} fill="none" stroke={road} strokeWidth={i < 2 ? 26 : 18} strokeLinecap="round" />
      ))}
    </svg>
  );
}
