// The site the agency made, in a browser window, with its headline result beside it.
import { callToAction, chartSeries, domainFor, headline } from "../compose";
import { Box, BrowserWindow, DISPLAY, Line, Monogram, Pill, ResultCard } from "../parts.server";
import { Picture, type Props, studyName } from "./scene-parts.server";

export function BrowserScene({ study, palette, seed }: Props) {
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
          <Monogram name={studyName(study)} palette={palette} size={38} />
          <Box style={{ fontFamily: DISPLAY, fontWeight: 800, fontSize: 24, color: palette.ink }}>
            {studyName(study)}
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
