// The ads the agency ran: a search ad, a feed post and a story, with the result they brought.
import { callToAction, chartSeries, headline } from "../compose";
import { Box, Card, DISPLAY, Line, Monogram, Pill, ResultCard } from "../parts.server";
import { Photo, type Props, studyName } from "./scene-parts.server";

export function AdsScene({ study, palette, seed }: Props) {
  const cta = callToAction(study);
  const who = studyName(study);
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
