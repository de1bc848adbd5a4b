// Draws the pictures of the about page's story, one per kind of milestone (app/features/pages/content/
// story-art.ts chooses which), into public/images/art/story-*-800x600/ in the upload widths and formats
// (AVIF, WebP, JPEG), committed. Flat shapes in the brand's colours: no text, nothing fetched.
// Run `node_modules/.bin/tsx scripts/make/make-story-art.ts` after changing a drawing.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { writeImageVariants } from "../../app/features/media/index.server";
import { STORY_ART_SIZE, STORY_MOTIFS, storyArtUrl, type StoryMotif } from "../../app/features/pages/index";

const { width: W, height: H } = STORY_ART_SIZE;

const frame = (from: string, to: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>${body}</svg>`;

const windows = (x: number, y: number, cols: number, rows: number, fill: string) =>
  Array.from({ length: cols * rows }, (_, i) => {
    const cx = x + (i % cols) * 22;
    const cy = y + Math.floor(i / cols) * 26;
    return `<rect x="${cx}" y="${cy}" width="12" height="14" rx="2" fill="${fill}"/>`;
  }).join("");

const DRAWINGS: Record<StoryMotif, string> = {
  // The quays at dusk: the first office's street by the river.
  quays: frame(
    "#ffd9b8",
    "#f29b7b",
    `<circle cx="590" cy="190" r="88" fill="#fff3e4" opacity="0.9"/>
    <g fill="#3b1f4a">
      <rect x="60" y="250" width="120" height="190" rx="4"/><rect x="190" y="200" width="100" height="240" rx="4"/>
      <rect x="300" y="270" width="140" height="170" rx="4"/><rect x="450" y="230" width="90" height="210" rx="4"/>
      <rect x="550" y="290" width="190" height="150" rx="4"/>
    </g>
    ${windows(78, 272, 4, 6, "#ffcf8a")}${windows(206, 222, 4, 8, "#ffcf8a")}${windows(318, 292, 6, 5, "#ffcf8a")}
    ${windows(464, 252, 3, 7, "#ffcf8a")}${windows(570, 312, 8, 4, "#ffcf8a")}
    <rect y="440" width="${W}" height="160" fill="#5b3d86"/>
    <g stroke="#ffd9b8" stroke-width="6" stroke-linecap="round" opacity="0.7">
      <path d="M90 490 H220"/><path d="M300 520 H470"/><path d="M540 480 H700"/><path d="M160 560 H300"/>
    </g>`,
  ),
  // Going online: a shopping bag and the pointer that fills it.
  online: frame(
    "#c9f2e4",
    "#6fd1b4",
    `<circle cx="160" cy="140" r="70" fill="#ffffff" opacity="0.35"/><circle cx="680" cy="500" r="120" fill="#ffffff" opacity="0.25"/>
    <path d="M330 230 C330 150 470 150 470 230" fill="none" stroke="#0d4d3f" stroke-width="22" stroke-linecap="round"/>
    <rect x="260" y="220" width="280" height="280" rx="28" fill="#0d4d3f"/>
    <rect x="300" y="300" width="200" height="24" rx="12" fill="#6fd1b4"/><rect x="300" y="346" width="140" height="24" rx="12" fill="#6fd1b4" opacity="0.6"/>
    <path d="M520 330 L520 470 L556 436 L582 492 L606 480 L580 426 L628 424 Z" fill="#ffffff" stroke="#0d4d3f" stroke-width="10" stroke-linejoin="round"/>`,
  ),
  // The creative studio: a lens and the play button.
  creative: frame(
    "#ffd1e3",
    "#f07aa9",
    `<circle cx="400" cy="300" r="190" fill="#5c1237"/><circle cx="400" cy="300" r="140" fill="#8a1f55"/>
    <circle cx="400" cy="300" r="92" fill="#c73a7c"/><path d="M372 250 L452 300 L372 350 Z" fill="#ffffff"/>
    <circle cx="470" cy="228" r="18" fill="#ffffff" opacity="0.5"/>
    <rect x="80" y="90" width="120" height="120" rx="24" fill="#ffffff" opacity="0.35" transform="rotate(-12 140 150)"/>
    <circle cx="680" cy="480" r="60" fill="#ffffff" opacity="0.3"/>`,
  ),
  // Development and automation: code's brackets around a turning gear.
  code: frame(
    "#d8d2ff",
    "#8f7cf2",
    `<g fill="none" stroke="#1e1450" stroke-width="30" stroke-linecap="round" stroke-linejoin="round">
      <path d="M230 180 L130 300 L230 420"/><path d="M570 180 L670 300 L570 420"/>
    </g>
    <g transform="translate(400 300)">
      ${Array.from({ length: 8 }, (_, i) => `<rect x="-18" y="-118" width="36" height="50" rx="8" fill="#ffffff" transform="rotate(${i * 45})"/>`).join("")}
      <circle r="88" fill="#ffffff"/><circle r="38" fill="#8f7cf2"/>
    </g>`,
  ),
  // Across Europe: a globe with the places the work reached.
  europe: frame(
    "#cfe8ff",
    "#6aa8ec",
    `<circle cx="400" cy="300" r="200" fill="#0f3a66"/>
    <g fill="none" stroke="#6aa8ec" stroke-width="5" opacity="0.7">
      <ellipse cx="400" cy="300" rx="90" ry="200"/><ellipse cx="400" cy="300" rx="160" ry="200"/>
      <path d="M200 300 H600"/><path d="M230 200 H570"/><path d="M230 400 H570"/>
    </g>
    <g fill="#ffd166" stroke="#0f3a66" stroke-width="6">
      <circle cx="330" cy="230" r="20"/><circle cx="450" cy="250" r="20"/><circle cx="400" cy="330" r="20"/><circle cx="300" cy="360" r="14"/>
    </g>
    <path d="M330 230 Q390 200 450 250 Q440 300 400 330 Q340 350 300 360" fill="none" stroke="#ffd166" stroke-width="5" stroke-dasharray="10 10"/>`,
  ),
  // AI and analytics: results rising, read off a chart.
  analytics: frame(
    "#fff1bf",
    "#f5c451",
    `<rect x="120" y="90" width="560" height="420" rx="32" fill="#3d2a00" opacity="0.9"/>
    <g fill="#f5c451"><rect x="180" y="370" width="60" height="90" rx="10"/><rect x="270" y="320" width="60" height="140" rx="10"/>
    <rect x="360" y="260" width="60" height="200" rx="10"/><rect x="450" y="210" width="60" height="250" rx="10"/><rect x="540" y="150" width="60" height="310" rx="10"/></g>
    <path d="M190 300 L300 250 L390 190 L480 160 L580 110" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <g fill="#ffffff"><circle cx="190" cy="300" r="12"/><circle cx="300" cy="250" r="12"/><circle cx="390" cy="190" r="12"/><circle cx="480" cy="160" r="12"/><circle cx="580" cy="110" r="14"/></g>`,
  ),
};

for (const motif of STORY_MOTIFS) {
  const dir = path.join("public", path.dirname(storyArtUrl(motif)));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await writeImageVariants(sharp(Buffer.from(DRAWINGS[motif])), W, "jpg", dir);
  console.log(dir);
}
