import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import satori, { type Font } from "satori";

/**
 * Sets type into an SVG in the brand's faces, every glyph drawn as a path: the SVG renders the same
 * wherever it is rasterised (sharp, a browser), with no font installed. Used for the images the site
 * draws itself: social cards, covers, artwork. `node` is a satori element tree (a React element or
 * plain `{ type, props }` objects; flexbox layout, inline styles).
 */
export async function typeset(node: unknown, size: { width: number; height: number }): Promise<string> {
  return satori(node as Parameters<typeof satori>[0], { ...size, fonts: brandFonts() });
}

/**
 * The height `node` takes when set `width` wide (satori lays it out with the height left open): how
 * many lines a title runs to at a given size, so an image can shrink it until it fits.
 */
export async function typesetHeight(node: unknown, width: number): Promise<number> {
  const svg = await satori(node as Parameters<typeof satori>[0], { width, fonts: brandFonts() });
  return Number(/^<svg[^>]*\sheight="([\d.]+)"/.exec(svg)?.[1] ?? 0);
}

/** The font-family names `typeset` knows: the display face for headings, the text face for the rest. */
export const TYPESET_FACES = { display: "Bricolage Grotesque", text: "Instrument Sans" } as const;

let fonts: Font[] | undefined;
function brandFonts(): Font[] {
  const require = createRequire(import.meta.url);
  // satori reads WOFF (not WOFF2) and no variable fonts: Fontsource's static Latin files.
  const load = (pkg: string, file: string, name: string, weight: Font["weight"]): Font => ({
    name,
    weight,
    style: "normal",
    data: readFileSync(require.resolve(`${pkg}/files/${file}`)),
  });
  fonts ??= [
    load(
      "@fontsource/bricolage-grotesque",
      "bricolage-grotesque-latin-700-normal.woff",
      TYPESET_FACES.display,
      700,
    ),
    load(
      "@fontsource/bricolage-grotesque",
      "bricolage-grotesque-latin-800-normal.woff",
      TYPESET_FACES.display,
      800,
    ),
    load("@fontsource/instrument-sans", "instrument-sans-latin-400-normal.woff", TYPESET_FACES.text, 400),
    load("@fontsource/instrument-sans", "instrument-sans-latin-600-normal.woff", TYPESET_FACES.text, 600),
  ];
  return fonts;
}
