// Draws the hero glows (app/images/glow-*.webp): soft discs in the brand's colours, each theme's own,
// the look of a 64 px blur on a 24rem disc. Small images the compositor scales up: drawn at the
// disc's full size (a gradient, a mask or a blur), each glow was a large layer to raster before the
// first paint and to blend again in every frame of its motion. The colours are app.css's: the light
// theme's pale tints, the dark theme's --primary and --secondary at 20 % and 15 %.
// Run `node_modules/.bin/tsx scripts/make/make-glows.ts` after changing a colour; the images are committed.
import sharp from "sharp";

/** Pixels a side: scaled up some 20× on a phone, the smooth falloff shows no steps (max 5/255 off). */
const SIZE = 48;

/** How opaque the disc is at each distance from its centre (fraction of its radius). */
const FALLOFF: [at: number, opacity: number][] = [
  [0.2, 1],
  [0.3, 0.93],
  [0.4, 0.84],
  [0.5, 0.69],
  [0.6, 0.5],
  [0.7, 0.31],
  [0.8, 0.16],
  [0.9, 0.07],
  [1, 0],
];

const GLOWS: Record<string, { rgb: [number, number, number]; opacity: number }> = {
  "light-violet": { rgb: [0xdd, 0xd6, 0xfe], opacity: 0.7 },
  "light-cyan": { rgb: [0xcf, 0xfa, 0xfe], opacity: 0.8 },
  "dark-violet": { rgb: [0xa7, 0x8b, 0xfa], opacity: 0.2 },
  "dark-cyan": { rgb: [0x22, 0xd3, 0xee], opacity: 0.15 },
};

function opacityAt(distance: number): number {
  if (distance <= FALLOFF[0]![0]) return 1;
  for (let i = 1; i < FALLOFF.length; i++) {
    const [at, opacity] = FALLOFF[i]!;
    const [before, from] = FALLOFF[i - 1]!;
    if (distance <= at) return from + ((opacity - from) * (distance - before)) / (at - before);
  }
  return 0;
}

for (const [name, { rgb, opacity }] of Object.entries(GLOWS)) {
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      // Pixel centres, as the browser samples them when it scales the image to the disc.
      const distance = Math.hypot(x + 0.5 - SIZE / 2, y + 0.5 - SIZE / 2) / (SIZE / 2);
      pixels.set([...rgb, Math.round(255 * opacity * opacityAt(distance))], (y * SIZE + x) * 4);
    }
  }
  await sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .webp({ lossless: true })
    .toFile(`app/images/glow-${name}.webp`);
}
