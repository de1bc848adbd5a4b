// The pieces the artwork is built from: a frame with the client's background, cards, a browser
// window, a phone, a results chart. Laid out by satori (flexbox, inline styles; see typeset.server.ts).
import type { CSSProperties, ReactNode } from "react";

import type { Metric } from "#db/schema";
import { TYPESET_FACES } from "~/platform/text/typeset.server";

import type { Palette } from "./palettes";

export const W = 1200;
export const H = 675;
export const DISPLAY = TYPESET_FACES.display;
export const TEXT = TYPESET_FACES.text;
export const SHADOW = "0 28px 60px rgba(8, 10, 30, 0.30)";
const SOFT_SHADOW = "0 14px 34px rgba(8, 10, 30, 0.22)";

type Style = CSSProperties;

/** The whole picture: the client's background with two big quiet shapes behind everything. */
export function Frame({
  palette,
  children,
  flip = false,
}: {
  palette: Palette;
  children: ReactNode;
  flip?: boolean;
}) {
  return (
    <div
      style={{
        width: W,
        height: H,
        display: "flex",
        position: "relative",
        fontFamily: TEXT,
        color: palette.ink,
        backgroundImage: `linear-gradient(135deg, ${palette.bg[0]} 0%, ${palette.bg[1]} 100%)`,
      }}
    >
      <div
        style={{
          position: "absolute",
          width: 760,
          height: 760,
          borderRadius: 380,
          top: -300,
          ...(flip ? { left: -260 } : { right: -240 }),
          backgroundColor: palette.tint,
        }}
      />
      <div
        style={{
          position: "absolute",
          width: 520,
          height: 520,
          borderRadius: 260,
          bottom: -330,
          ...(flip ? { right: 120 } : { left: 80 }),
          border: `70px solid ${palette.tint}`,
        }}
      />
      {children}
    </div>
  );
}

export function Box({ style, children }: { style?: Style; children?: ReactNode }) {
  return <div style={{ display: "flex", ...style }}>{children}</div>;
}

/** A placeholder line of text in a mock-up: reads as copy at any size without being copy. */
export function Line({
  width,
  height = 12,
  color,
  style,
}: {
  width: number | string;
  height?: number;
  color: string;
  style?: Style;
}) {
  return (
    <div
      style={{ display: "flex", width, height, borderRadius: height / 2, backgroundColor: color, ...style }}
    />
  );
}

export function Pill({ children, style }: { children: ReactNode; style?: Style }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        borderRadius: 999,
        fontWeight: 600,
        ...style,
      }}
    >
      {children}
    </div>
  );
}

export function Card({
  palette,
  style,
  children,
}: {
  palette: Palette;
  style?: Style;
  children?: ReactNode;
}) {
  return (
    <div
      style={{
        display: "flex",
        position: "absolute",
        backgroundColor: palette.surface,
        borderRadius: 28,
        boxShadow: SHADOW,
        ...style,
      }}
    >
      {children}
    </div>
  );
}

/** A smooth line through the values (0..1), with a soft area under it and the last point ringed. */
export function LineChart({
  series,
  width,
  height,
  color,
  grid,
  strokeWidth = 6,
}: {
  series: number[];
  width: number;
  height: number;
  color: string;
  grid?: string;
  strokeWidth?: number;
}) {
  const pad = strokeWidth * 2 + 6;
  const x = (i: number) => pad + (i / (series.length - 1)) * (width - pad * 2);
  const y = (v: number) => height - pad - v * (height - pad * 2);
  const pts = series.map((v, i) => [x(i), y(v)] as const);
  let d = `M ${pts[0]![0]} ${pts[0]![1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!;
    const [x1, y1] = pts[i]!;
    const mx = (x0 + x1) / 2;
    d += ` C ${mx} ${y0}, ${mx} ${y1}, ${x1} ${y1}`;
  }
  const area = `${d} L ${x(series.length - 1)} ${height} L ${x(0)} ${height} Z`;
  const [lx, ly] = pts[pts.length - 1]!;
  const gridLines = grid
    ? [0.25, 0.5, 0.75].map((f) => (
        <line
          key={f}
          x1={0}
          x2={width}
          y1={height * f}
          y2={height * f}
          stroke={grid}
          strokeWidth={2}
          strokeDasharray="6 8"
        />
      ))
    : null;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {gridLines}
      <path d={area} fill={color} fillOpacity={0.16} />
      <path d={d} fill="none" stroke={color} strokeWidth={strokeWidth} strokeLinecap="round" />
      <circle cx={lx} cy={ly} r={strokeWidth * 2.4} fill={color} fillOpacity={0.25} />
      <circle cx={lx} cy={ly} r={strokeWidth * 1.3} fill={color} />
    </svg>
  );
}

const BAR_GAP = 14;

/** How wide each of `count` columns is in a bar chart `width` wide. */
export const barWidth = (width: number, count: number) => (width - BAR_GAP * (count - 1)) / count;

/** Columns rising with the values (0..1); the last one in the accent, the others quieter. */
export function BarChart({
  series,
  width,
  height,
  color,
  quiet,
}: {
  series: number[];
  width: number;
  height: number;
  color: string;
  quiet: string;
}) {
  const bar = barWidth(width, series.length);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {series.map((v, i) => {
        const h = Math.max(v * height, 10);
        return (
          <rect
            key={i}
            x={i * (bar + BAR_GAP)}
            y={height - h}
            width={bar}
            height={h}
            rx={Math.min(10, bar / 3)}
            fill={i === series.length - 1 ? color : quiet}
          />
        );
      })}
    </svg>
  );
}

/** The headline result on a card: its label, its figure large, its line rising (or falling) below. */
export function ResultCard({
  palette,
  metric,
  series,
  style,
  width = 360,
  chartHeight = 110,
}: {
  palette: Palette;
  metric: Metric | undefined;
  series: number[];
  style?: Style;
  width?: number;
  chartHeight?: number;
}) {
  return (
    <Card
      palette={palette}
      style={{ flexDirection: "column", padding: "28px 30px 20px", ...style, width: width - 60 }}
    >
      <Box style={{ alignItems: "center", gap: 10 }}>
        <Box style={{ width: 14, height: 14, borderRadius: 7, backgroundColor: palette.accent }} />
        <Box
          style={{
            fontSize: 17,
            fontWeight: 600,
            letterSpacing: 1.5,
            textTransform: "uppercase",
            color: palette.ink,
            opacity: 0.7,
          }}
        >
          {metric?.label || "Results"}
        </Box>
      </Box>
      <Figure value={metric?.value || "Live"} size={92} colour={palette.ink} style={{ marginTop: 12 }} />
      <Box style={{ marginTop: 10, marginLeft: -12 }}>
        <LineChart series={series} width={width - 36} height={chartHeight} color={chartColour(palette)} />
      </Box>
    </Card>
  );
}

/** A metric's figure; a "★" (which the brand faces do not have) drawn as a star. */
export function Figure({
  value,
  size,
  colour,
  style,
}: {
  value: string;
  size: number;
  colour: string;
  style?: Style;
}) {
  const [before, after] = value.split("★");
  return (
    <Box
      style={{
        alignItems: "center",
        fontFamily: DISPLAY,
        fontWeight: 800,
        fontSize: size,
        lineHeight: 1,
        letterSpacing: -size / 30,
        color: colour,
        ...style,
      }}
    >
      {before}
      {after !== undefined && (
        <svg width={size * 0.78} height={size * 0.78} viewBox="0 0 24 24" style={{ marginLeft: size * 0.06 }}>
          <path
            d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7.1L12 17.6 5.8 21.3l1.6-7.1L2 9.5l7.1-.6z"
            fill="#f5b400"
          />
        </svg>
      )}
      {after}
    </Box>
  );
}

/** The accent when it reads on the surface, else the ink (a lime accent on a near-black screen is fine, on white it is not). */
export function chartColour(palette: Palette): string {
  return contrast(palette.accent, palette.surface) >= 2.2 ? palette.accent : palette.ink;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A browser window with the client's address in its bar. */
export function BrowserWindow({
  palette,
  domain,
  style,
  children,
}: {
  palette: Palette;
  domain: string;
  style?: Style;
  children: ReactNode;
}) {
  return (
    <Card palette={palette} style={{ flexDirection: "column", borderRadius: 22, ...style }}>
      <Box
        style={{
          height: 52,
          alignItems: "center",
          padding: "0 22px",
          gap: 10,
          backgroundColor: palette.muted,
          borderTopLeftRadius: 22,
          borderTopRightRadius: 22,
        }}
      >
        {["#ff5f57", "#febc2e", "#28c840"].map((c) => (
          <Box key={c} style={{ width: 14, height: 14, borderRadius: 7, backgroundColor: c }} />
        ))}
        <Box
          style={{
            marginLeft: 24,
            height: 30,
            width: 340,
            borderRadius: 15,
            backgroundColor: palette.surface,
            alignItems: "center",
            padding: "0 16px",
            fontSize: 16,
            color: palette.ink,
            opacity: 0.8,
          }}
        >
          {domain}
        </Box>
      </Box>
      {children}
    </Card>
  );
}

/** A phone: dark bezel, rounded screen, the island at the top. */
export function Phone({ style, screen, children }: { style?: Style; screen: string; children: ReactNode }) {
  return (
    <div
      style={{
        display: "flex",
        position: "absolute",
        width: 330,
        height: 680,
        padding: 12,
        borderRadius: 56,
        backgroundColor: "#0d0d12",
        boxShadow: SHADOW,
        ...style,
      }}
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          position: "relative",
          width: "100%",
          height: "100%",
          borderRadius: 45,
          backgroundColor: screen,
        }}
      >
        {children}
        <div
          style={{
            display: "flex",
            position: "absolute",
            top: 14,
            left: 108,
            width: 90,
            height: 28,
            borderRadius: 14,
            backgroundColor: "#0d0d12",
          }}
        />
      </div>
    </div>
  );
}

/** A small floating card with one line of news ("New booking · Tue 10:30"). */
export function Toast({
  palette,
  title,
  detail,
  style,
}: {
  palette: Palette;
  title: string;
  detail: string;
  style?: Style;
}) {
  return (
    <Card
      palette={palette}
      style={{
        alignItems: "center",
        gap: 16,
        padding: "18px 24px 18px 18px",
        borderRadius: 22,
        boxShadow: SOFT_SHADOW,
        ...style,
      }}
    >
      <Box
        style={{
          width: 48,
          height: 48,
          borderRadius: 14,
          backgroundColor: palette.accent,
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        <svg width={26} height={26} viewBox="0 0 24 24">
          <path
            d="M5 12.5l4.2 4.2L19 7"
            fill="none"
            stroke={palette.onAccent}
            strokeWidth={3}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Box>
      <Box style={{ flexDirection: "column", gap: 4 }}>
        <Box style={{ fontSize: 21, fontWeight: 600, color: palette.ink }}>{title}</Box>
        <Box style={{ fontSize: 16, color: palette.ink, opacity: 0.6 }}>{detail}</Box>
      </Box>
    </Card>
  );
}

/** The client's initial in a rounded square: its logo in every mock-up. */
export function Monogram({ name, palette, size = 40 }: { name: string; palette: Palette; size?: number }) {
  return (
    <Box
      style={{
        width: size,
        height: size,
        borderRadius: size * 0.3,
        backgroundColor: palette.accent,
        color: palette.onAccent,
        alignItems: "center",
        justifyContent: "center",
        fontFamily: DISPLAY,
        fontWeight: 800,
        fontSize: size * 0.55,
      }}
    >
      {(name.trim()[0] ?? "N").toUpperCase()}
    </Box>
  );
}
