import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Font } from "satori";

// satori itself: the brand's faces and the layout of one tree. typeset.server.ts decides on which
// thread this runs.

/** A tree to set: `{ type, props }` objects down to strings (see `plainTree` in typeset.server.ts). */
export type TypesetJob = { node: unknown; width: number; height?: number };

/** The SVG of `job.node` set `width` wide, `height` high (left open: as high as the content). */
export async function setType({ node, width, height }: TypesetJob): Promise<string> {
  // Loaded by the first drawing (its layout engine is WebAssembly), not by every start.
  const { default: satori } = await import("satori");
  return satori(
    node as Parameters<typeof satori>[0],
    {
      width,
      ...(height === undefined ? {} : { height }),
      fonts: brandFonts(),
    } as Parameters<typeof satori>[1],
  );
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
