import { loadSharp } from "~/platform/sharp.server";
import { typeset, TYPESET_FACES, typesetHeight } from "~/platform/text/typeset.server";

import { drawableText } from "./artwork/drawable-text";

/** Every social card is this size: what Facebook, LinkedIn, X and Slack show without cropping. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * Bumped when the card's design changes: it is one of the inputs hashed into a card's address, so a
 * new design gets new addresses and the networks fetch it again.
 */
export const CARD_DESIGN = 1;

export type CardKind = "post" | "study" | "service" | "site";

export type CardInput = {
  kind: CardKind;
  /** The post's or the study's title (the site card: the agency's tagline). */
  title: string;
  /** A post's first tag, a study's category; absent: none shown. */
  topic?: string | null;
  /** The agency's name, from the site settings. */
  siteName: string;
  /** A study's headline figure, e.g. { value: "312%", label: "Online Bookings" }. */
  metric?: { value: string; label: string } | null;
  /** The cover, already read: a raster image (JPEG, PNG, WebP, AVIF, GIF). Anything else is ignored. */
  cover?: Buffer | null;
  /** The site card's line of services; a service card's one line (at most three lines are set). */
  strapline?: string | null;
};

const BRAND = {
  ink: "#09090f",
  panel: "#13131d",
  white: "#ffffff",
  muted: "#a8a8bd",
  violet: "#6d28d9",
  lilac: "#a78bfa",
  cyan: "#22d3ee",
  pink: "#f472b6",
};
const SPECTRUM = `linear-gradient(90deg, ${BRAND.lilac}, ${BRAND.cyan} 55%, ${BRAND.pink})`;

const MARGIN = 72;
const FRAME = { width: 368, height: 498, top: 66, right: 64 };
/** The title's column: the card less its margins, and less the cover's frame when there is one. */
const COLUMN = CARD_SIZE.width - MARGIN - FRAME.width - FRAME.right - 56;

/** A satori element: plain objects, so no React is needed to draw a card. */
type El = { type: string; props: Record<string, unknown> };
const h = (
  type: string,
  style: Record<string, unknown>,
  ...children: (El | string | null | false)[]
): El => ({
  type,
  props: {
    style: { display: "flex", ...style },
    children: children.filter((c) => c !== null && c !== false),
  },
});

/**
 * The title as large as it fits: the first size at which it runs to at most `maxLines`; past the
 * smallest size, clamped to its last line with an ellipsis. Sizes are measured, not guessed: each
 * attempt is set in the real face.
 */
async function fitTitle(
  title: string,
  width: number,
  large: boolean,
): Promise<{ size: number; lines: number }> {
  const steps = [
    ...(large ? [{ size: 92, maxLines: 2 }] : []),
    { size: 76, maxLines: 3 },
    { size: 68, maxLines: 3 },
    { size: 60, maxLines: 4 },
    { size: 54, maxLines: 4 },
    { size: 48, maxLines: 5 },
  ];
  for (const step of steps) {
    const height = await typesetHeight(titleBlock(title, step.size), width);
    const lines = Math.round(height / (step.size * LEADING));
    if (lines <= step.maxLines) return { size: step.size, lines };
  }
  const last = steps[steps.length - 1]!;
  return { size: last.size, lines: last.maxLines };
}

const LEADING = 1.06;
const titleBlock = (title: string, size: number, clamp?: number): El =>
  h(
    "div",
    {
      fontFamily: TYPESET_FACES.display,
      fontWeight: 800,
      fontSize: size,
      lineHeight: LEADING,
      letterSpacing: size * -0.02,
      color: BRAND.white,
      wordBreak: "break-word",
      ...(clamp && { lineClamp: clamp, display: "block" }),
    },
    title,
  );

const wordmark = (name: string, size: number) =>
  h(
    "div",
    {
      alignItems: "baseline",
      fontFamily: TYPESET_FACES.display,
      fontWeight: 800,
      fontSize: size,
      letterSpacing: size * -0.02,
      color: BRAND.white,
      wordBreak: "break-word",
    },
    name,
    h("span", { color: BRAND.cyan }, "."),
  );

const pill = (text: string) =>
  h(
    "div",
    {
      alignSelf: "flex-start",
      padding: "9px 20px 10px",
      borderRadius: 999,
      border: `2px solid ${BRAND.cyan}`,
      backgroundColor: "rgba(34, 211, 238, 0.10)",
      color: BRAND.cyan,
      fontFamily: TYPESET_FACES.text,
      fontWeight: 600,
      fontSize: 22,
      letterSpacing: 2.5,
      textTransform: "uppercase",
    },
    text,
  );

/** The backdrop every card shares: near-black with the brand's violet and cyan light at two corners. */
const backdrop = () =>
  h("div", {
    position: "absolute",
    inset: 0,
    backgroundColor: BRAND.ink,
    backgroundImage: [
      `radial-gradient(circle at 0% 0%, rgba(109, 40, 217, 0.55), rgba(109, 40, 217, 0) 55%)`,
      `radial-gradient(circle at 100% 100%, rgba(34, 211, 238, 0.22), rgba(34, 211, 238, 0) 50%)`,
    ].join(", "),
  });

/** The site card's ornament: three rings in the brand's colours, running off the right edge. */
const rings = () =>
  h(
    "div",
    { position: "absolute", top: 0, right: 0, width: 520, height: CARD_SIZE.height },
    ...[
      { size: 460, x: 150, y: -120, color: BRAND.lilac },
      { size: 380, x: 250, y: 240, color: BRAND.cyan },
      { size: 300, x: 60, y: 300, color: BRAND.pink },
    ].map((ring) =>
      h("div", {
        position: "absolute",
        left: ring.x,
        top: ring.y,
        width: ring.size,
        height: ring.size,
        borderRadius: ring.size,
        border: `3px solid ${ring.color}`,
        opacity: 0.55,
      }),
    ),
  );

/** The cover in a frame lit by the brand spectrum; without a cover, the frame holds the brand's light. */
function coverFrame(cover: string | null, siteName: string): El {
  const inner = { width: FRAME.width - 8, height: FRAME.height - 8, borderRadius: 24 };
  return h(
    "div",
    {
      position: "absolute",
      top: FRAME.top,
      right: FRAME.right,
      width: FRAME.width,
      height: FRAME.height,
      padding: 4,
      borderRadius: 28,
      backgroundImage: `linear-gradient(160deg, ${BRAND.lilac}, ${BRAND.cyan} 50%, ${BRAND.pink})`,
    },
    cover
      ? {
          type: "img",
          props: {
            src: cover,
            width: inner.width,
            height: inner.height,
            style: { ...inner, objectFit: "cover" },
          },
        }
      : h(
          "div",
          {
            ...inner,
            alignItems: "center",
            justifyContent: "center",
            backgroundColor: BRAND.panel,
            backgroundImage: [
              `radial-gradient(circle at 30% 25%, rgba(167, 139, 250, 0.85), rgba(167, 139, 250, 0) 45%)`,
              `radial-gradient(circle at 75% 70%, rgba(34, 211, 238, 0.6), rgba(34, 211, 238, 0) 45%)`,
              `radial-gradient(circle at 80% 15%, rgba(244, 114, 182, 0.55), rgba(244, 114, 182, 0) 35%)`,
            ].join(", "),
            fontFamily: TYPESET_FACES.display,
            fontWeight: 800,
            fontSize: 260,
            color: "rgba(255, 255, 255, 0.92)",
          },
          [...siteName.trim()][0]?.toUpperCase() ?? "",
          h("span", { color: BRAND.cyan }, "."),
        ),
  );
}

/**
 * The cover in the frame, whole: letterboxed over a blurred, darkened fill of itself, never cropped
 * blind (a wide cover cut to the tall frame lost its words). A JPEG data URL; undefined when it is not
 * a raster image.
 */
async function coverDataUrl(cover: Buffer | null | undefined): Promise<string | null> {
  if (!cover) return null;
  const sharp = await loadSharp();
  try {
    const { format } = await sharp(cover).metadata();
    if (!format || !["jpeg", "png", "webp", "avif", "heif", "gif"].includes(format)) return null;
    const width = FRAME.width - 8;
    const height = FRAME.height - 8;
    const flat = await sharp(cover, { pages: 1 }).flatten({ background: BRAND.ink }).toBuffer();
    const fill = await sharp(flat)
      .resize(width, height, { fit: "cover" })
      .blur(24)
      .modulate({ brightness: 0.55 })
      .toBuffer();
    const whole = await sharp(flat).resize(width, height, { fit: "inside" }).toBuffer();
    const jpeg = await sharp(fill)
      .composite([{ input: whole, gravity: "center" }])
      .jpeg({ quality: 88 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    return null;
  }
}

const KIND_LABEL: Record<CardKind, string> = {
  post: "Blog",
  study: "Case study",
  service: "Service",
  site: "",
};
/** Cards with a framed picture on the right; the others (the site's, a service's) run the title wider over rings. */
const FRAMED: CardKind[] = ["post", "study"];

/** The card as a satori tree (exported for the tests and the preview script). */
export async function cardLayout(input: CardInput): Promise<El> {
  const framed = FRAMED.includes(input.kind);
  const cover = framed ? await coverDataUrl(input.cover) : null;
  const width = framed ? COLUMN : 780;
  // A title in letters the card's faces lack is the agency's name, rather than a row of boxes.
  const title = drawableText(input.title) ?? input.siteName;
  const fit = await fitTitle(title, width, !framed);
  const footer = h(
    "div",
    { alignItems: "center", gap: 20 },
    h("div", { width: 96, height: 8, borderRadius: 4, backgroundImage: SPECTRUM }),
    KIND_LABEL[input.kind]
      ? h(
          "div",
          { fontFamily: TYPESET_FACES.text, fontWeight: 600, fontSize: 24, color: BRAND.muted },
          KIND_LABEL[input.kind],
        )
      : null,
  );
  // A study's headline figure: a badge over the frame's lower left corner, clear of the title's column.
  const metric = input.metric
    ? h(
        "div",
        {
          position: "absolute",
          left: CARD_SIZE.width - FRAME.right - FRAME.width - 28,
          bottom: 34,
          maxWidth: 300,
          flexDirection: "column",
          padding: "18px 26px 20px",
          borderRadius: 22,
          backgroundColor: BRAND.ink,
          border: "2px solid rgba(255, 255, 255, 0.14)",
          boxShadow: "0 18px 40px rgba(0, 0, 0, 0.55)",
        },
        h(
          "div",
          {
            fontFamily: TYPESET_FACES.display,
            fontWeight: 800,
            fontSize: 60,
            lineHeight: 1,
            letterSpacing: -1.5,
            color: BRAND.pink,
          },
          input.metric.value,
        ),
        h(
          "div",
          {
            marginTop: 8,
            fontFamily: TYPESET_FACES.text,
            fontWeight: 600,
            fontSize: 22,
            lineHeight: 1.2,
            color: BRAND.white,
          },
          input.metric.label,
        ),
      )
    : null;
  return h(
    "div",
    { width: CARD_SIZE.width, height: CARD_SIZE.height, position: "relative", backgroundColor: BRAND.ink },
    backdrop(),
    framed ? coverFrame(cover, input.siteName) : rings(),
    framed ? metric : null,
    h(
      "div",
      {
        position: "absolute",
        left: MARGIN,
        top: 60,
        bottom: 60,
        width,
        flexDirection: "column",
        justifyContent: "space-between",
      },
      wordmark(input.siteName, 34),
      h(
        "div",
        { flexDirection: "column", gap: 26 },
        input.topic ? pill(input.topic) : null,
        titleBlock(title, fit.size, fit.lines),
        input.strapline
          ? h(
              "div",
              {
                fontFamily: TYPESET_FACES.text,
                fontWeight: 400,
                fontSize: 30,
                lineHeight: 1.3,
                // Clear of the rings on the right, where a long line would run over them.
                maxWidth: 680,
                color: "#c4c4d4",
                // A service's line may run to 200 characters: three lines, then an ellipsis.
                lineClamp: 3,
                display: "block",
              },
              input.strapline,
            )
          : null,
      ),
      footer,
    ),
  );
}

/** Draws a card: 1200×630, JPEG (small, and every network takes it), text set as paths in the brand's faces. */
export async function renderSocialCard(input: CardInput, format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const svg = await typeset(await cardLayout(input), CARD_SIZE);
  const image = (await loadSharp())(Buffer.from(svg)).flatten({ background: BRAND.ink });
  return format === "png"
    ? image.png({ compressionLevel: 9, palette: false }).toBuffer()
    : image.jpeg({ quality: 86, mozjpeg: true, chromaSubsampling: "4:4:4" }).toBuffer();
}
