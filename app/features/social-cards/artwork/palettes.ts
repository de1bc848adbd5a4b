import { createHash } from "node:crypto";

/**
 * A client's colours for its artwork. `bg` is the full-bleed background (two gradient stops): never
 * near-white nor near-black, so the picture has an edge on the site's light and dark pages alike.
 * `surface`/`ink` are the mock-ups' screens and their text, `accent`/`onAccent` buttons and charts,
 * `onBg` text set straight on the background, `tint` the big decorative shapes on it.
 */
export type Palette = {
  name: string;
  bg: [string, string];
  surface: string;
  ink: string;
  muted: string;
  accent: string;
  onAccent: string;
  onBg: string;
  tint: string;
};

const palette = (p: Palette) => p;

/** Curated: every one checked on a 390 px card in both themes. */
export const PALETTES = {
  blush: palette({
    name: "blush",
    bg: ["#f7d9d2", "#e49a98"],
    surface: "#fffaf7",
    ink: "#3a1a28",
    muted: "#ecdcd8",
    accent: "#b3365b",
    onAccent: "#ffffff",
    onBg: "#3a1a28",
    tint: "rgba(255,255,255,0.35)",
  }),
  volt: palette({
    name: "volt",
    bg: ["#d4f53c", "#a6dc1e"],
    surface: "#141414",
    ink: "#f4f4f0",
    muted: "#2c2c2c",
    accent: "#d4f53c",
    onAccent: "#141414",
    onBg: "#141414",
    tint: "rgba(20,20,20,0.10)",
  }),
  emerald: palette({
    name: "emerald",
    bg: ["#0f5a3c", "#1d8055"],
    surface: "#f5f0e6",
    ink: "#14261d",
    muted: "#e4ddcf",
    accent: "#e0a93b",
    onAccent: "#14261d",
    onBg: "#f5f0e6",
    tint: "rgba(255,255,255,0.08)",
  }),
  aqua: palette({
    name: "aqua",
    bg: ["#bfe9f2", "#7cc8dc"],
    surface: "#ffffff",
    ink: "#0b3550",
    muted: "#e2eef3",
    accent: "#0a7fc0",
    onAccent: "#ffffff",
    onBg: "#0b3550",
    tint: "rgba(255,255,255,0.35)",
  }),
  harbour: palette({
    name: "harbour",
    bg: ["#123a6b", "#1d5291"],
    surface: "#f4f7fc",
    ink: "#0d223f",
    muted: "#dfe6f1",
    accent: "#f28c38",
    onAccent: "#1b1206",
    onBg: "#f4f7fc",
    tint: "rgba(255,255,255,0.07)",
  }),
  solar: palette({
    name: "solar",
    bg: ["#ffd447", "#ffa62b"],
    surface: "#ffffff",
    ink: "#1c2a39",
    muted: "#f1ece0",
    accent: "#11795a",
    onAccent: "#ffffff",
    onBg: "#1c2a39",
    tint: "rgba(255,255,255,0.30)",
  }),
  oxblood: palette({
    name: "oxblood",
    bg: ["#6b2333", "#8e3446"],
    surface: "#fbf7f0",
    ink: "#2b1016",
    muted: "#ece3d6",
    accent: "#c9973d",
    onAccent: "#2b1016",
    onBg: "#fbf7f0",
    tint: "rgba(255,255,255,0.07)",
  }),
  latte: palette({
    name: "latte",
    bg: ["#d9b48f", "#b07a4f"],
    surface: "#fcf6ef",
    ink: "#2c1a10",
    muted: "#efe3d5",
    accent: "#c4441c",
    onAccent: "#ffffff",
    onBg: "#2c1a10",
    tint: "rgba(255,255,255,0.22)",
  }),
  violet: palette({
    name: "violet",
    bg: ["#5b3df5", "#8b6dff"],
    surface: "#ffffff",
    ink: "#17123d",
    muted: "#ece8fb",
    accent: "#14c99b",
    onAccent: "#06261d",
    onBg: "#ffffff",
    tint: "rgba(255,255,255,0.10)",
  }),
  terracotta: palette({
    name: "terracotta",
    bg: ["#e4714f", "#f2a65e"],
    surface: "#fffaf4",
    ink: "#23201d",
    muted: "#f1e5d8",
    accent: "#1f4e5a",
    onAccent: "#ffffff",
    onBg: "#23201d",
    tint: "rgba(255,255,255,0.22)",
  }),
  ocean: palette({
    name: "ocean",
    bg: ["#0a6e8a", "#14a3b8"],
    surface: "#ffffff",
    ink: "#082a36",
    muted: "#e0eef2",
    accent: "#ff6b57",
    onAccent: "#ffffff",
    onBg: "#ffffff",
    tint: "rgba(255,255,255,0.09)",
  }),
  mint: palette({
    name: "mint",
    bg: ["#bdecd7", "#7fd3b1"],
    surface: "#ffffff",
    ink: "#0e2f25",
    muted: "#e2f1ea",
    accent: "#6a3df0",
    onAccent: "#ffffff",
    onBg: "#0e2f25",
    tint: "rgba(255,255,255,0.35)",
  }),
  plum: palette({
    name: "plum",
    bg: ["#3d1d5c", "#66318f"],
    surface: "#fbf8ff",
    ink: "#1f0f30",
    muted: "#ebe3f5",
    accent: "#ff8fb1",
    onAccent: "#2a0c1a",
    onBg: "#fbf8ff",
    tint: "rgba(255,255,255,0.07)",
  }),
  lilac: palette({
    name: "lilac",
    bg: ["#d9cffb", "#ad9cf2"],
    surface: "#ffffff",
    ink: "#1e1745",
    muted: "#ece8fb",
    accent: "#6d28d9",
    onAccent: "#ffffff",
    onBg: "#1e1745",
    tint: "rgba(255,255,255,0.35)",
  }),
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;
export const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

export const isPaletteName = (name: unknown): name is PaletteName =>
  typeof name === "string" && Object.hasOwn(PALETTES, name);

/** A stable number from a text: the same client always gets the same palette, layout and chart. */
export function hashNumber(text: string, salt = ""): number {
  return createHash("sha256").update(`${salt}:${text}`).digest().readUInt32BE(0);
}

/** The first clients' own colours (the portfolio the site starts with): a study added later gets a hashed one. */
export const CLIENT_PALETTES: Record<string, PaletteName> = {
  "glow aesthetics clinic": "blush",
  "peak performance gym": "volt",
  "emerald threads": "emerald",
  "liffey dental group": "aqua",
  "harbour logistics": "harbour",
  "atlantic solar": "solar",
  "dublin legal partners": "oxblood",
  "claddagh coffee roasters": "latte",
  paynest: "violet",
  "wildway outdoor": "terracotta",
};

/**
 * The client's palette: the one named for it (CLIENT_PALETTES), else
 * a curated one picked by a hash of the client's name, so a study added in the admin gets colours
 * that are its own and stay the same on every redraw.
 */
export function paletteFor(clientName: string, named?: Record<string, PaletteName>): Palette {
  const key = clientName.trim().toLowerCase();
  const chosen = named?.[key];
  if (chosen) return PALETTES[chosen];
  return PALETTES[PALETTE_NAMES[hashNumber(key, "palette") % PALETTE_NAMES.length]!];
}

/** A client's colours as a page sets a section in them: its background's first stop and the text on it. */
export type ClientColours = { background: string; text: string };

/**
 * The colours a study's page gives its client (the finale): those of its artwork. The background's
 * first stop, not the gradient, as every palette's text reads on it at 5:1 or more.
 */
export function clientColours(clientName: string): ClientColours {
  const palette = paletteFor(clientName, CLIENT_PALETTES);
  return { background: palette.bg[0], text: palette.onBg };
}
