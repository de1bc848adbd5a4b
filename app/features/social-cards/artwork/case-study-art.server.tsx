// A case study's cover: a composition of the kind of work it was (the site in a browser, the app in a
// phone, the ads, the map, the search results, the dashboard), in the client's colours, with its
// headline result drawn as a chart. 1200×675, big simple shapes so it still reads on a 390 px card.
import type { CSSProperties, ReactNode } from "react";

import {
  callToAction,
  chartSeries,
  chooseComposition,
  type Composition,
  domainFor,
  headline,
  phoneScreen,
  pinCount,
  type StudyFacts,
} from "./compose";
import { hashNumber, type Palette } from "./palettes";
import {
  BarChart,
  Box,
  BrowserWindow,
  Card,
  chartColour,
  DISPLAY,
  Figure,
  Frame,
  Line,
  LineChart,
  Monogram,
  Phone,
  Pill,
  ResultCard,
} from "./parts.server";

type Props = { study: StudyFacts; palette: Palette; seed: string };

export function caseStudyArtwork(study: StudyFacts, palette: Palette): ReactNode {
  const kind = chooseComposition(study);
  const props = { study, palette, seed: study.clientName || study.title };
  const scenes: Record<Composition, (p: Props) => ReactNode> = {
    browser: BrowserScene,
    phone: PhoneScene,
    ads: AdsScene,
    map: MapScene,
    search: SearchScene,
    dashboard: DashboardScene,
  };
  return (
    <Frame palette={palette} flip={kind === "map" || kind === "ads"}>
      {scenes[kind](props)}
    </Frame>
  );
}

const name = (study: StudyFacts) => study.clientName.trim() || headline(study);

/**
 * An abstract "photo" in a mock-up: the client's colours in a few big shapes, one SVG clipped to its
 * own rounded corners (satori clips an `overflow: hidden` box with a mask on every child, which
 * librsvg renders slowly: 2.5 s for a cover instead of 0.1 s). `fade` darkens the foot for white type.
 */
function Picture({
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

function BrowserScene({ study, palette, seed }: Props) {
  const cta = callToAction(study);
  const shop = /shop|subscribe/i.test(cta);
  const languages = /locali[sz]|international/i.test([...study.tags, study.category].join(" "));
  return (
    <>
      <BrowserWindow
        palette={palette}
        domain={domainFor(study.clientName)}
        style={{ left: 64, top: 72, width: 820, height: 660 }}
      >
        <Box style={{ alignItems: "center", padding: "26px 36px", gap: 26 }}>
          <Monogram name={name(study)} palette={palette} size={38} />
          <Box style={{ fontFamily: DISPLAY, fontWeight: 800, fontSize: 24, color: palette.ink }}>
            {name(study)}
          </Box>
          <Box style={{ flex: 1 }} />
          {languages
            ? ["EN", "DE", "FR", "NL"].map((l, i) => (
                <Pill
                  key={l}
                  style={{
                    fontSize: 15,
                    width: 44,
                    height: 30,
                    backgroundColor: i === 1 ? palette.ink : palette.muted,
                    color: i === 1 ? palette.surface : palette.ink,
                  }}
                >
                  {l}
                </Pill>
              ))
            : [70, 56, 64].map((w) => <Line key={w} width={w} color={palette.muted} />)}
        </Box>
        <Box style={{ padding: "8px 36px 0", gap: 34 }}>
          <Box style={{ flexDirection: "column", width: 370, paddingTop: 18 }}>
            <Box
              style={{
                fontFamily: DISPLAY,
                fontWeight: 800,
                fontSize: 50,
                lineHeight: 1.02,
                letterSpacing: -1.5,
                color: palette.ink,
              }}
            >
              {headline(study)}
            </Box>
            <Line width={300} color={palette.muted} style={{ marginTop: 26 }} />
            <Line width={240} color={palette.muted} style={{ marginTop: 12 }} />
            <Pill
              style={{
                marginTop: 30,
                width: 190,
                height: 56,
                fontSize: 20,
                backgroundColor: palette.accent,
                color: palette.onAccent,
              }}
            >
              {cta}
            </Pill>
          </Box>
          <Picture palette={palette} seed={seed} width={340} height={300} radius={20} />
        </Box>
        <Box style={{ padding: "34px 36px 0", gap: 20 }}>
          {[0, 1, 2, 3].map((i) => (
            <Box key={i} style={{ flexDirection: "column", gap: 12 }}>
              <Picture
                palette={palette}
                seed={`${seed}${i}`}
                width={171}
                height={150}
                radius={14}
                variant={i}
              />
              <Line width={shop ? 120 : 140} color={palette.muted} />
              {shop && <Line width={60} color={palette.accent} />}
            </Box>
          ))}
        </Box>
      </BrowserWindow>
      <ResultCard
        palette={palette}
        metric={study.metrics[0]}
        series={chartSeries(study.metrics[0], seed)}
        width={410}
        style={{ left: 770, top: 268 }}
      />
    </>
  );
}

function PhoneScene({ study, palette, seed }: Props) {
  const screen = phoneScreen(study);
  const content = { booking: BookingScreen, wallet: WalletScreen, social: SocialScreen }[screen];
  const second = study.metrics[1];
  // Phone left or right, by the client: three phone studies side by side do not look the same.
  const right = hashNumber(seed, "hand") % 2 === 1;
  const cardsLeft = right ? 110 : 590;
  return (
    <>
      <Phone style={{ left: right ? 740 : 150, top: 56 }} screen={palette.surface}>
        {content({ study, palette, seed })}
      </Phone>
      <ResultCard
        palette={palette}
        metric={study.metrics[0]}
        series={chartSeries(study.metrics[0], seed)}
        width={470}
        style={{ left: cardsLeft, top: 80 }}
      />
      {second && (
        <Card
          palette={palette}
          style={{
            left: cardsLeft + (right ? 60 : -40),
            top: 462,
            padding: "26px 32px",
            flexDirection: "column",
            gap: 8,
            width: 400,
          }}
        >
          <Figure value={second.value} size={58} colour={palette.ink} />
          <Box style={{ fontSize: 20, fontWeight: 600, color: palette.ink, opacity: 0.65 }}>
            {second.label}
          </Box>
        </Card>
      )}
    </>
  );
}

function ScreenHeader({ study, palette }: { study: StudyFacts; palette: Palette }) {
  return (
    <Box style={{ alignItems: "center", gap: 12, padding: "64px 24px 0" }}>
      <Monogram name={name(study)} palette={palette} size={40} />
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
        {name(study)}
      </Box>
    </Box>
  );
}

function BookingScreen({ study, palette }: Props) {
  const days = ["M", "T", "W", "T", "F", "S"];
  const slots = ["09:30", "10:15", "11:00", "12:30", "14:00", "15:45"];
  return (
    <>
      <ScreenHeader study={study} palette={palette} />
      <Box
        style={{
          fontFamily: DISPLAY,
          fontWeight: 800,
          fontSize: 34,
          padding: "26px 24px 0",
          color: palette.ink,
          letterSpacing: -1,
        }}
      >
        Pick a time
      </Box>
      <Box style={{ gap: 8, padding: "20px 24px 0" }}>
        {days.map((d, i) => (
          <Box
            key={i}
            style={{
              flexDirection: "column",
              alignItems: "center",
              gap: 6,
              width: 40,
              padding: "10px 0",
              borderRadius: 14,
              backgroundColor: i === 1 ? palette.ink : palette.muted,
              color: i === 1 ? palette.surface : palette.ink,
            }}
          >
            <Box style={{ fontSize: 13, fontWeight: 600, opacity: 0.7 }}>{d}</Box>
            <Box style={{ fontSize: 18, fontWeight: 600 }}>{12 + i}</Box>
          </Box>
        ))}
      </Box>
      <Box style={{ flexWrap: "wrap", gap: 10, padding: "22px 24px 0" }}>
        {slots.map((s, i) => (
          <Pill
            key={s}
            style={{
              width: 126,
              height: 50,
              fontSize: 19,
              backgroundColor: i === 1 ? palette.accent : "transparent",
              color: i === 1 ? palette.onAccent : palette.ink,
              border: i === 1 ? "none" : `2px solid ${palette.muted}`,
            }}
          >
            {s}
          </Pill>
        ))}
      </Box>
      <Pill
        style={{
          margin: "30px 24px 0",
          height: 62,
          fontSize: 21,
          backgroundColor: palette.ink,
          color: palette.surface,
        }}
      >
        {callToAction(study)}
      </Pill>
    </>
  );
}

function WalletScreen({ study, palette, seed }: Props) {
  return (
    <>
      <ScreenHeader study={study} palette={palette} />
      <Box
        style={{
          flexDirection: "column",
          margin: "24px 18px 0",
          padding: "22px 22px 12px",
          borderRadius: 26,
          backgroundColor: palette.bg[0],
        }}
      >
        <Box style={{ fontSize: 16, fontWeight: 600, color: palette.onBg, opacity: 0.8 }}>Total saved</Box>
        <Box
          style={{
            fontFamily: DISPLAY,
            fontWeight: 800,
            fontSize: 46,
            color: palette.onBg,
            letterSpacing: -1.5,
          }}
        >
          €2,480
        </Box>
        <LineChart
          series={chartSeries(undefined, `${seed}wallet`)}
          width={240}
          height={90}
          color={palette.accent}
          strokeWidth={5}
        />
      </Box>
      <Box style={{ gap: 12, padding: "20px 18px 0" }}>
        {["Add", "Goals"].map((label, i) => (
          <Pill
            key={label}
            style={{
              flex: 1,
              height: 54,
              fontSize: 19,
              backgroundColor: i === 0 ? palette.accent : palette.muted,
              color: i === 0 ? palette.onAccent : palette.ink,
            }}
          >
            {label}
          </Pill>
        ))}
      </Box>
      {[0, 1, 2].map((i) => (
        <Box key={i} style={{ alignItems: "center", gap: 14, padding: "20px 24px 0" }}>
          <Box style={{ width: 42, height: 42, borderRadius: 21, backgroundColor: palette.muted }} />
          <Box style={{ flexDirection: "column", gap: 8, flex: 1 }}>
            <Line width={120 - i * 18} color={palette.muted} />
            <Line width={70} height={10} color={palette.muted} />
          </Box>
          <Box style={{ fontSize: 18, fontWeight: 600, color: palette.ink }}>
            {["+€50", "+€25", "+€120"][i]}
          </Box>
        </Box>
      ))}
    </>
  );
}

function SocialScreen({ study, palette, seed }: Props) {
  const handle = `@${domainFor(study.clientName).replace(/\.ie$/, "")}`;
  return (
    <Box style={{ position: "relative", flexDirection: "column", width: "100%", height: "100%" }}>
      <Picture
        palette={palette}
        seed={`${seed}social`}
        width={330}
        height={680}
        radius={45}
        variant={1}
        fade
      />
      <Box
        style={{
          position: "absolute",
          left: 22,
          right: 70,
          bottom: 190,
          flexDirection: "column",
          gap: 10,
          color: "#ffffff",
        }}
      >
        <Box style={{ alignItems: "center", gap: 10 }}>
          <Monogram name={name(study)} palette={palette} size={34} />
          <Box style={{ fontSize: 17, fontWeight: 600 }}>{handle}</Box>
        </Box>
        <Box
          style={{
            fontFamily: DISPLAY,
            fontWeight: 800,
            fontSize: 28,
            lineHeight: 1.05,
            letterSpacing: -0.5,
          }}
        >
          {headline(study)}
        </Box>
      </Box>
      <Box style={{ position: "absolute", right: 16, bottom: 200, flexDirection: "column", gap: 22 }}>
        {[
          "M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z",
          "M4 5h16v11H9l-5 4z",
          "M5 12h14M13 6l6 6-6 6",
        ].map((d) => (
          <svg key={d} width={38} height={38} viewBox="0 0 24 24">
            <path
              d={d}
              fill={d.startsWith("M12") ? "#ffffff" : "none"}
              stroke="#ffffff"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        ))}
      </Box>
      <Pill
        style={{
          position: "absolute",
          left: 18,
          right: 18,
          bottom: 110,
          height: 56,
          fontSize: 20,
          backgroundColor: palette.accent,
          color: palette.onAccent,
        }}
      >
        {callToAction(study)}
      </Pill>
    </Box>
  );
}

function Photo({
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

function AdsScene({ study, palette, seed }: Props) {
  const cta = callToAction(study);
  const who = name(study);
  const white = "#ffffff";
  return (
    <>
      {/* The display banner (Google's 300×250, a little larger). */}
      <Card
        palette={palette}
        style={{
          left: 56,
          top: 64,
          width: 320,
          height: 270,
          boxSizing: "border-box",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: 26,
        }}
      >
        <Box style={{ alignItems: "center", gap: 10 }}>
          <Monogram name={who} palette={palette} size={32} />
          <Box style={{ fontSize: 17, fontWeight: 600, color: palette.ink }}>{who}</Box>
        </Box>
        <Box
          style={{
            fontFamily: DISPLAY,
            fontWeight: 800,
            fontSize: 33,
            lineHeight: 1.02,
            letterSpacing: -0.8,
            color: palette.ink,
          }}
        >
          {headline(study)}
        </Box>
        <Pill
          style={{
            alignSelf: "flex-start",
            height: 46,
            padding: "0 22px",
            fontSize: 17,
            backgroundColor: palette.accent,
            color: palette.onAccent,
          }}
        >
          {cta}
        </Pill>
      </Card>
      <ResultCard
        palette={palette}
        metric={study.metrics[0]}
        series={chartSeries(study.metrics[0], seed)}
        width={320}
        chartHeight={70}
        style={{ left: 56, top: 360 }}
      />
      {/* The feed post. */}
      <Card
        palette={palette}
        style={{ left: 410, top: 52, width: 420, height: 660, flexDirection: "column" }}
      >
        <Box style={{ alignItems: "center", gap: 12, padding: "18px 20px" }}>
          <Monogram name={who} palette={palette} size={40} />
          <Box style={{ flexDirection: "column", gap: 2 }}>
            <Box style={{ fontSize: 18, fontWeight: 600, color: palette.ink }}>{who}</Box>
            <Box style={{ fontSize: 14, color: palette.ink, opacity: 0.55 }}>Sponsored</Box>
          </Box>
        </Box>
        <Box style={{ position: "relative", width: 420, height: 420 }}>
          <Photo palette={palette} seed={`${seed}feed`} width={420} height={420} variant={0} />
          <Box
            style={{
              position: "absolute",
              left: 28,
              bottom: 26,
              right: 60,
              fontFamily: DISPLAY,
              fontWeight: 800,
              fontSize: 50,
              lineHeight: 1,
              letterSpacing: -1.5,
              color: white,
            }}
          >
            {cta}
          </Box>
        </Box>
        <Box
          style={{
            alignItems: "center",
            justifyContent: "space-between",
            padding: "18px 20px",
            backgroundColor: palette.muted,
          }}
        >
          <Line width={170} color={palette.surface} />
          <Pill
            style={{
              height: 44,
              padding: "0 22px",
              fontSize: 17,
              backgroundColor: palette.accent,
              color: palette.onAccent,
            }}
          >
            {cta}
          </Pill>
        </Box>
      </Card>
      {/* The story: 9:16, full bleed. */}
      <Card palette={palette} style={{ left: 864, top: 92, width: 284, height: 505 }}>
        <Photo palette={palette} seed={`${seed}story`} width={284} height={505} variant={2} radius={28} />
        <Box
          style={{
            position: "absolute",
            left: 0,
            top: 0,
            width: 284,
            height: 505,
            padding: 24,
            boxSizing: "border-box",
            flexDirection: "column",
            justifyContent: "space-between",
          }}
        >
          <Box style={{ flexDirection: "column", gap: 14 }}>
            <Box style={{ gap: 6 }}>
              {[0, 1, 2].map((i) => (
                <Line key={i} width={72} height={5} color={i === 0 ? white : "rgba(255,255,255,0.45)"} />
              ))}
            </Box>
            <Box style={{ alignItems: "center", gap: 10, color: white }}>
              <Monogram name={who} palette={palette} size={34} />
              <Box style={{ fontSize: 17, fontWeight: 600 }}>{who}</Box>
            </Box>
          </Box>
          <Box style={{ flexDirection: "column", gap: 20 }}>
            <Box
              style={{
                fontFamily: DISPLAY,
                fontWeight: 800,
                fontSize: 34,
                lineHeight: 1.02,
                letterSpacing: -0.8,
                color: white,
              }}
            >
              {headline(study)}
            </Box>
            <Pill style={{ height: 54, fontSize: 19, backgroundColor: white, color: "#111111" }}>{cta}</Pill>
          </Box>
        </Box>
      </Card>
    </>
  );
}

/** A street map: blocks, parks, the river, a few main roads, all from the client's seed. */
function MapSvg({ palette, seed }: { palette: Palette; seed: string }) {
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

function Pin({ x, y, palette, size = 1 }: { x: number; y: number; palette: Palette; size?: number }) {
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

function Stars({ rating, colour }: { rating: string; colour: string }) {
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

function MapScene({ study, palette, seed }: Props) {
  const count = pinCount(study);
  // Spread over a 3×2 grid right of the card, jittered, in an order that mixes top and bottom.
  const cells = [0, 4, 2, 3, 1, 5];
  const spots = cells.slice(0, count).map((cell, i) => ({
    x: 640 + (cell % 3) * 170 + (hashNumber(seed, `px${i}`) % 70),
    y: 190 + Math.floor(cell / 3) * 200 + (hashNumber(seed, `py${i}`) % 70),
  }));
  const rating = study.metrics.find((m) => m.value.includes("★"))?.value.replace("★", "") ?? "4.9";
  const query = `${(study.tags.find((t) => !/seo|ads|google|web/i.test(t)) ?? study.category).toLowerCase()} near me`;
  return (
    <>
      <MapSvg palette={palette} seed={seed} />
      {spots.map((s, i) => (
        <Pin key={i} x={s.x} y={s.y} palette={palette} size={i === 0 ? 1.35 : 1} />
      ))}
      <Card
        palette={palette}
        style={{ left: 56, top: 56, width: 470, flexDirection: "column", padding: 26, gap: 20 }}
      >
        <Box
          style={{
            alignItems: "center",
            gap: 14,
            height: 60,
            padding: "0 20px",
            borderRadius: 30,
            backgroundColor: palette.muted,
          }}
        >
          <svg width={24} height={24} viewBox="0 0 24 24">
            <circle cx={10} cy={10} r={7} fill="none" stroke={palette.ink} strokeWidth={2.6} />
            <path d="M15.5 15.5L21 21" stroke={palette.ink} strokeWidth={2.6} strokeLinecap="round" />
          </svg>
          <Box style={{ fontSize: 20, color: palette.ink }}>{query}</Box>
        </Box>
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            style={{
              gap: 16,
              padding: 18,
              borderRadius: 20,
              backgroundColor: i === 0 ? palette.surface : "transparent",
              border: i === 0 ? `3px solid ${palette.accent}` : `2px solid ${palette.muted}`,
              opacity: i === 0 ? 1 : 0.75,
            }}
          >
            <Box
              style={{
                width: 44,
                height: 44,
                borderRadius: 22,
                backgroundColor: i === 0 ? palette.accent : palette.muted,
                color: i === 0 ? palette.onAccent : palette.ink,
                alignItems: "center",
                justifyContent: "center",
                fontSize: 20,
                fontWeight: 600,
              }}
            >
              {i + 1}
            </Box>
            <Box style={{ flexDirection: "column", gap: 8, flex: 1 }}>
              {i === 0 ? (
                <>
                  <Box
                    style={{
                      fontFamily: DISPLAY,
                      fontWeight: 800,
                      fontSize: 26,
                      lineHeight: 1.05,
                      color: palette.ink,
                    }}
                  >
                    {name(study)}
                  </Box>
                  <Stars rating={rating} colour={palette.ink} />
                  <Box style={{ gap: 8 }}>
                    <Pill
                      style={{
                        height: 34,
                        padding: "0 14px",
                        fontSize: 15,
                        backgroundColor: palette.muted,
                        color: palette.ink,
                      }}
                    >
                      Open now
                    </Pill>
                    <Pill
                      style={{
                        height: 34,
                        padding: "0 14px",
                        fontSize: 15,
                        backgroundColor: palette.accent,
                        color: palette.onAccent,
                      }}
                    >
                      {callToAction(study)}
                    </Pill>
                  </Box>
                </>
              ) : (
                <>
                  <Line width={200 - i * 30} height={16} color={palette.muted} />
                  <Line width={130} color={palette.muted} />
                </>
              )}
            </Box>
          </Box>
        ))}
      </Card>
      {study.metrics[0] && (
        <Card
          palette={palette}
          style={{ right: 56, bottom: 48, padding: "22px 30px", flexDirection: "column", gap: 4 }}
        >
          <Figure value={study.metrics[0].value} size={60} colour={palette.ink} />
          <Box style={{ fontSize: 19, fontWeight: 600, color: palette.ink, opacity: 0.65 }}>
            {study.metrics[0].label}
          </Box>
        </Card>
      )}
    </>
  );
}

function SearchScene({ study, palette, seed }: Props) {
  const domain = domainFor(study.clientName);
  return (
    <>
      <Card
        palette={palette}
        style={{ left: 64, top: 64, width: 660, height: 660, flexDirection: "column", padding: "30px 36px" }}
      >
        <Box
          style={{
            alignItems: "center",
            gap: 14,
            height: 62,
            padding: "0 24px",
            borderRadius: 31,
            border: `2px solid ${palette.muted}`,
          }}
        >
          <svg width={26} height={26} viewBox="0 0 24 24">
            <circle cx={10} cy={10} r={7} fill="none" stroke={palette.ink} strokeWidth={2.6} />
            <path d="M15.5 15.5L21 21" stroke={palette.ink} strokeWidth={2.6} strokeLinecap="round" />
          </svg>
          <Line width={260} height={14} color={palette.muted} />
        </Box>
        <Box style={{ gap: 22, padding: "18px 8px 0" }}>
          {[60, 48, 54, 44].map((w, i) => (
            <Line key={i} width={w} height={10} color={i === 0 ? palette.accent : palette.muted} />
          ))}
        </Box>
        <Box
          style={{
            flexDirection: "column",
            gap: 10,
            marginTop: 30,
            padding: 24,
            borderRadius: 22,
            backgroundColor: palette.muted,
          }}
        >
          <Box style={{ alignItems: "center", gap: 12 }}>
            <Monogram name={name(study)} palette={palette} size={36} />
            <Box style={{ fontSize: 17, color: palette.ink, opacity: 0.7 }}>{domain}</Box>
            <Box style={{ flex: 1 }} />
            <Pill
              style={{
                height: 38,
                padding: "0 16px",
                fontSize: 18,
                backgroundColor: palette.accent,
                color: palette.onAccent,
              }}
            >
              #1
            </Pill>
          </Box>
          <Box
            style={{
              fontFamily: DISPLAY,
              fontWeight: 800,
              fontSize: 34,
              lineHeight: 1.05,
              letterSpacing: -0.5,
              color: palette.ink,
            }}
          >
            {name(study)}: {study.category}
          </Box>
          <Line width={520} color={palette.surface} />
          <Line width={400} color={palette.surface} />
        </Box>
        {[0, 1].map((i) => (
          <Box key={i} style={{ flexDirection: "column", gap: 12, padding: "28px 24px 0", opacity: 0.8 }}>
            <Line width={160} height={10} color={palette.muted} />
            <Line width={380 - i * 60} height={18} color={palette.muted} />
            <Line width={480} color={palette.muted} />
          </Box>
        ))}
      </Card>
      <ResultCard
        palette={palette}
        metric={study.metrics[0]}
        series={chartSeries(study.metrics[0], seed)}
        width={420}
        style={{ left: 752, top: 92 }}
      />
      {study.metrics[1] && (
        <Card
          palette={palette}
          style={{
            left: 700,
            top: 470,
            padding: "22px 28px",
            flexDirection: "column",
            gap: 4,
            width: 330,
            backgroundColor: palette.accent,
          }}
        >
          <Figure value={study.metrics[1].value} size={54} colour={palette.onAccent} />
          <Box style={{ fontSize: 19, fontWeight: 600, color: palette.onAccent, opacity: 0.8 }}>
            {study.metrics[1].label}
          </Box>
        </Card>
      )}
    </>
  );
}

function DashboardScene({ study, palette, seed }: Props) {
  const kpis = study.metrics.slice(0, 3);
  const series = chartSeries(study.metrics[0], seed, 10);
  const rising = series[series.length - 1]! >= series[0]!;
  const bars = rising ? series : [...series].reverse();
  return (
    <Card palette={palette} style={{ left: 80, top: 64, width: 1040, height: 660, borderRadius: 26 }}>
      <Box
        style={{
          width: 84,
          flexDirection: "column",
          alignItems: "center",
          gap: 26,
          paddingTop: 30,
          backgroundColor: palette.ink,
          borderTopLeftRadius: 26,
          borderBottomLeftRadius: 26,
        }}
      >
        <Monogram name={name(study)} palette={palette} size={44} />
        {[0, 1, 2, 3].map((i) => (
          <Box
            key={i}
            style={{
              width: 30,
              height: 30,
              borderRadius: 9,
              backgroundColor: palette.surface,
              opacity: i === 0 ? 0.9 : 0.25,
            }}
          />
        ))}
      </Box>
      <Box style={{ flex: 1, flexDirection: "column", padding: "30px 36px" }}>
        <Box style={{ alignItems: "center", justifyContent: "space-between" }}>
          <Box
            style={{
              fontFamily: DISPLAY,
              fontWeight: 800,
              fontSize: 32,
              color: palette.ink,
              letterSpacing: -0.5,
            }}
          >
            {name(study)}
          </Box>
          <Box style={{ gap: 10 }}>
            {["12M", "6M", "30D"].map((l, i) => (
              <Pill
                key={l}
                style={{
                  height: 36,
                  width: 64,
                  fontSize: 16,
                  backgroundColor: i === 0 ? palette.ink : palette.muted,
                  color: i === 0 ? palette.surface : palette.ink,
                }}
              >
                {l}
              </Pill>
            ))}
          </Box>
        </Box>
        <Box style={{ gap: 18, marginTop: 24 }}>
          {kpis.map((m, i) => (
            <Box
              key={i}
              style={{
                flex: 1,
                flexDirection: "column",
                gap: 6,
                padding: "18px 22px",
                borderRadius: 20,
                backgroundColor: i === 0 ? palette.accent : palette.muted,
                color: i === 0 ? palette.onAccent : palette.ink,
              }}
            >
              <Figure value={m.value} size={46} colour={i === 0 ? palette.onAccent : palette.ink} />
              <Box style={{ fontSize: 17, fontWeight: 600, opacity: 0.75 }}>{m.label}</Box>
            </Box>
          ))}
        </Box>
        <Box style={{ marginTop: 28, position: "relative", flexDirection: "column" }}>
          <BarChart
            series={bars}
            width={880}
            height={300}
            color={chartColour(palette)}
            quiet={palette.muted}
          />
          {kpis[0] && (
            <Pill
              style={{
                position: "absolute",
                right: 100,
                top: (1 - bars[bars.length - 1]!) * 300,
                height: 48,
                padding: "0 20px",
                fontSize: 22,
                backgroundColor: palette.ink,
                color: palette.surface,
              }}
            >
              {kpis[0].value}
            </Pill>
          )}
        </Box>
      </Box>
    </Card>
  );
}
