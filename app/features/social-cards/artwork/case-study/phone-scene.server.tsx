// The app the agency made, in a phone: a booking, a wallet or a social screen, by the kind of work.
import { callToAction, chartSeries, domainFor, headline, phoneScreen } from "../compose";
import { hashNumber } from "../palettes";
import {
  Box,
  Card,
  DISPLAY,
  Figure,
  Line,
  LineChart,
  Monogram,
  Phone,
  Pill,
  ResultCard,
} from "../parts.server";
import { Picture, type Props, ScreenHeader, studyName } from "./scene-parts.server";

export function PhoneScene({ study, palette, seed }: Props) {
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
          <Monogram name={studyName(study)} palette={palette} size={34} />
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
