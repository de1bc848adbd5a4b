// A blog post's cover: the topic (the post's first tag) as a label, a colour and one big shape, placed
// and sized by the title so two posts on one topic do not share a picture, and the agency's mark. The
// title is not set on it: every card and page shows the cover beside the title already (the social card,
// shared alone, still sets it).
import type { ReactNode } from "react";

import { hashNumber } from "./palettes";
import { Box, DISPLAY, H, W } from "./parts.server";

type Shape = "magnifier" | "bars" | "browser" | "heart" | "nodes" | "bubble" | "rings";
export type TopicStyle = { bg: [string, string]; ink: string; accent: string; shape: Shape };

/** A colour and a shape per topic: a reader learns that green is search, violet automation… */
const TOPICS: [RegExp, TopicStyle][] = [
  [
    /seo|search|google business/,
    { bg: ["#0f5a3c", "#17774f"], ink: "#f5f0e6", accent: "#e0a93b", shape: "magnifier" },
  ],
  [
    /ppc|google ads|budget|paid search|adwords/,
    { bg: ["#ffd447", "#ffb238"], ink: "#1c2a39", accent: "#1c2a39", shape: "bars" },
  ],
  [
    /web|performance|speed|ux|design|shopify/,
    { bg: ["#123a6b", "#1d5291"], ink: "#f4f7fc", accent: "#7cc8ff", shape: "browser" },
  ],
  [
    /paid social|creative|meta|facebook|instagram|video/,
    { bg: ["#f7d9d2", "#eaa9a3"], ink: "#3a1a28", accent: "#b3365b", shape: "heart" },
  ],
  [
    /automation|\bai\b|email|crm/,
    { bg: ["#5b3df5", "#7c5cff"], ink: "#ffffff", accent: "#14c99b", shape: "nodes" },
  ],
  [
    /analytics|strategy|report|roi|measure|data/,
    { bg: ["#0a6e8a", "#118fa6"], ink: "#ffffff", accent: "#ffd447", shape: "bars" },
  ],
  [
    /social|tiktok|linkedin|community|b2b/,
    { bg: ["#e4714f", "#ef955c"], ink: "#23201d", accent: "#fffaf4", shape: "bubble" },
  ],
];

const OTHERS: TopicStyle[] = [
  { bg: ["#3d1d5c", "#5b2a85"], ink: "#fbf8ff", accent: "#ff8fb1", shape: "rings" },
  { bg: ["#bdecd7", "#8fdcbc"], ink: "#0e2f25", accent: "#6a3df0", shape: "rings" },
  { bg: ["#d9cffb", "#b9a9f5"], ink: "#1e1745", accent: "#6d28d9", shape: "rings" },
];

export function topicStyle(topic: string): TopicStyle {
  const t = topic.toLowerCase();
  for (const [pattern, style] of TOPICS) if (pattern.test(t)) return style;
  return OTHERS[hashNumber(t, "topic") % OTHERS.length]!;
}

function TopicShape({
  shape,
  colour,
  size = 600,
  right = -90,
  bottom = -80,
}: {
  shape: Shape;
  colour: string;
  size?: number;
  right?: number;
  bottom?: number;
}) {
  const common = { fill: "none", stroke: colour, strokeWidth: 56, strokeLinecap: "round" as const };
  const drawings: Record<Shape, ReactNode> = {
    magnifier: (
      <>
        <circle cx={250} cy={250} r={170} {...common} />
        <path d="M375 375 L520 520" {...common} strokeWidth={80} />
      </>
    ),
    bars: (
      <>
        {[120, 220, 330, 460].map((h, i) => (
          <rect key={i} x={40 + i * 130} y={560 - h} width={90} height={h} rx={26} fill={colour} />
        ))}
      </>
    ),
    browser: (
      <>
        <rect x={40} y={80} width={520} height={420} rx={44} {...common} strokeWidth={40} />
        <path d="M40 190 H560" {...common} strokeWidth={40} />
        <circle cx={110} cy={136} r={16} fill={colour} />
        <circle cx={160} cy={136} r={16} fill={colour} />
      </>
    ),
    heart: (
      <path
        d="M300 520 C120 400 40 300 40 200 A130 130 0 0 1 300 150 A130 130 0 0 1 560 200 C560 300 480 400 300 520 Z"
        fill={colour}
      />
    ),
    nodes: (
      <>
        <path d="M120 140 L420 220 L200 440 L480 470" {...common} strokeWidth={24} />
        {[
          [120, 140],
          [420, 220],
          [200, 440],
          [480, 470],
        ].map(([cx, cy], i) => (
          <circle key={i} cx={cx} cy={cy} r={i === 1 ? 78 : 56} fill={colour} />
        ))}
      </>
    ),
    bubble: (
      <path
        d="M80 80 H520 A40 40 0 0 1 560 120 V380 A40 40 0 0 1 520 420 H260 L140 530 V420 H80 A40 40 0 0 1 40 380 V120 A40 40 0 0 1 80 80 Z"
        fill={colour}
      />
    ),
    rings: (
      <>
        <circle cx={300} cy={300} r={240} {...common} strokeWidth={44} />
        <circle cx={300} cy={300} r={130} {...common} strokeWidth={44} />
      </>
    ),
  };
  return (
    <svg width={size} height={size} viewBox="0 0 600 600" style={{ position: "absolute", right, bottom }}>
      {drawings[shape]}
    </svg>
  );
}

/** The agency's mark: its initial in a rounded square, then its name. */
function BrandMark({ brand, ink }: { brand: string; ink: string }) {
  return (
    <Box style={{ alignItems: "center", gap: 14 }}>
      <Box
        style={{
          width: 44,
          height: 44,
          borderRadius: 12,
          border: `4px solid ${ink}`,
          alignItems: "center",
          justifyContent: "center",
          fontFamily: DISPLAY,
          fontWeight: 800,
          fontSize: 24,
          color: ink,
        }}
      >
        {(brand.trim()[0] ?? "N").toUpperCase()}
      </Box>
      <Box style={{ fontSize: 24, fontWeight: 600, color: ink }}>{brand}</Box>
    </Box>
  );
}

export function postArtwork({ title, topic }: { title: string; topic: string }, brand: string): ReactNode {
  const style = topicStyle(topic);
  // Where the shape sits and how large, from the title: the same post always gets the same cover.
  const seed = hashNumber(title, "cover");
  // Kept on the right half, clear of the label and the mark, and whole: a shape cut by the edge read
  // as a mistake on a card.
  const size = 480 + (seed % 4) * 40;
  const right = 40 + ((seed >>> 3) % 5) * 30;
  const bottom = 10 + ((seed >>> 6) % 4) * 16;
  return (
    <Box
      style={{
        width: W,
        height: H,
        position: "relative",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        boxSizing: "border-box",
        backgroundImage: `linear-gradient(135deg, ${style.bg[0]}, ${style.bg[1]})`,
        color: style.ink,
      }}
    >
      <Box style={{ position: "absolute", left: 0, top: 0, width: W, height: H, opacity: 0.12 }}>
        <TopicShape shape="rings" colour={style.ink} size={900} right={-260} bottom={-300} />
      </Box>
      <Box style={{ position: "absolute", left: 0, top: 0, width: W, height: H, opacity: 0.85 }}>
        <TopicShape shape={style.shape} colour={style.accent} size={size} right={right} bottom={bottom} />
      </Box>
      <Box style={{ alignItems: "center", gap: 14 }}>
        <Box style={{ width: 18, height: 18, borderRadius: 9, backgroundColor: style.accent }} />
        <Box style={{ fontSize: 30, fontWeight: 600, letterSpacing: 3, textTransform: "uppercase" }}>
          {topic || "Insights"}
        </Box>
      </Box>
      <BrandMark brand={brand} ink={style.ink} />
    </Box>
  );
}

/** The cover of anything that has no picture yet: the agency's own. */
export function fallbackArtwork(brand: string, tagline: string): ReactNode {
  const ink = "#f4f4f8";
  return (
    <Box
      style={{
        width: W,
        height: H,
        position: "relative",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        boxSizing: "border-box",
        backgroundImage: "linear-gradient(135deg, #2a1a6b, #6d28d9)",
        color: ink,
      }}
    >
      <Box style={{ position: "absolute", left: 0, top: 0, width: W, height: H, opacity: 0.3 }}>
        <TopicShape shape="rings" colour="#22d3ee" />
      </Box>
      <BrandMark brand={brand} ink={ink} />
      <Box style={{ flexDirection: "column", gap: 18, maxWidth: 820 }}>
        <Box style={{ fontFamily: DISPLAY, fontWeight: 800, fontSize: 92, lineHeight: 1, letterSpacing: -3 }}>
          {brand}
        </Box>
        <Box style={{ fontSize: 32, opacity: 0.85 }}>{tagline}</Box>
      </Box>
    </Box>
  );
}
