// The client on the first page of the search results, with the traffic it brought.
import { chartSeries, domainFor } from "../compose";
import { Box, Card, DISPLAY, Figure, Line, Monogram, Pill, ResultCard } from "../parts.server";
import { type Props, studyName } from "./scene-parts.server";

export function SearchScene({ study, palette, seed }: Props) {
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
            <Monogram name={studyName(study)} palette={palette} size={36} />
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
            {studyName(study)}: {study.category}
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
