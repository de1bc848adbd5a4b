// The results as a dashboard: the headline figure, its chart and the figures beside it.
import { chartSeries } from "../compose";
import { BarChart, barWidth, Box, Card, chartColour, DISPLAY, Figure, Monogram, Pill } from "../parts.server";
import { type Props, studyName } from "./scene-parts.server";

const CHART = { width: 880, height: 300 };
/** The columns' share of the chart's height: the rest is room for the figure over the tallest. */
const BAR_SHARE = 0.8;
const LABEL_HEIGHT = 48;

export function DashboardScene({ study, palette, seed }: Props) {
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
        <Monogram name={studyName(study)} palette={palette} size={44} />
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
            {studyName(study)}
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
            series={bars.map((value) => value * BAR_SHARE)}
            width={CHART.width}
            height={CHART.height}
            color={chartColour(palette)}
            quiet={palette.muted}
          />
          {kpis[0] && (
            // The figure labels its own column, the last: centred over it, just above its top.
            <Box
              style={{
                position: "absolute",
                right: 0,
                width: barWidth(CHART.width, bars.length),
                top: Math.max((1 - bars[bars.length - 1]! * BAR_SHARE) * CHART.height - LABEL_HEIGHT - 10, 0),
                justifyContent: "center",
              }}
            >
              <Pill
                style={{
                  flexShrink: 0,
                  height: LABEL_HEIGHT,
                  padding: "0 20px",
                  fontSize: 22,
                  backgroundColor: palette.ink,
                  color: palette.surface,
                }}
              >
                {kpis[0].value}
              </Pill>
            </Box>
          )}
        </Box>
      </Box>
    </Card>
  );
}
