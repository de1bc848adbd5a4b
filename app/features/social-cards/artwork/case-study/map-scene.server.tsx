// A local business found on a map: its pins, its listing and its reviews.
import { callToAction, pinCount } from "../compose";
import { hashNumber } from "../palettes";
import { Box, Card, DISPLAY, Figure, Line, Pill } from "../parts.server";
import { MapSvg, Pin, type Props, Stars, studyName } from "./scene-parts.server";

export function MapScene({ study, palette, seed }: Props) {
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
                    {studyName(study)}
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
