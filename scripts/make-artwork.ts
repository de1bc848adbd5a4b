// Draws the abstract cover artwork for the seeded projects and posts, plus the fallback cover: brand
// gradients and soft shapes, different for every slug, no stock photos. Drawn as SVG, then written as
// AVIF/WebP/JPEG in the responsive widths uploads get (a blurred SVG is re-rasterised on the browser's
// main thread on every page view, and social networks do not show SVG).
// Run `node_modules/.bin/tsx scripts/make-artwork.ts`; the files in public/images/art/ are committed.
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { writeImageVariants } from "../app/lib/image-variants.server";
import { ARTWORK_SIZE, artworkDir } from "../app/lib/images";
import { seedPosts } from "../db/seed-data/posts";
import { seedProjects } from "../db/seed-data/projects";

const palette = ["#6d28d9", "#a78bfa", "#0e7490", "#22d3ee", "#be185d", "#f472b6", "#1e1b4b", "#0f172a"];
const { width: W, height: H } = ARTWORK_SIZE;

function artwork(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest();
  const byte = (i: number) => bytes[i % bytes.length]!;
  const pick = (i: number) => palette[byte(i) % palette.length]!;
  const n = (i: number, max: number) => Math.round((byte(i) / 255) * max);
  const circles = [0, 1, 2, 3]
    .map((k) => {
      const r = 120 + n(10 + k, 260);
      return `<circle cx="${n(14 + k, W)}" cy="${n(18 + k, H)}" r="${r}" fill="${pick(22 + k)}" opacity="0.55"/>`;
    })
    .join("");
  const lines = Array.from({ length: 9 }, (_, k) => {
    const y = 60 + k * 70;
    return `<path d="M0 ${y} Q ${W / 2} ${y - 80 + n(26 + k, 160)} ${W} ${y}" stroke="#fff" stroke-opacity="0.08" fill="none"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pick(0)}"/><stop offset="1" stop-color="${pick(1) === pick(0) ? "#09090f" : pick(1)}"/></linearGradient>
<filter id="b"><feGaussianBlur stdDeviation="60"/></filter></defs>
<rect width="${W}" height="${H}" fill="#09090f"/><rect width="${W}" height="${H}" fill="url(#g)" opacity="0.85"/>
<g filter="url(#b)">${circles}</g>${lines}
</svg>
`;
}

async function write(name: string, seed: string) {
  const dir = path.join("public", artworkDir(name));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await writeImageVariants(sharp(Buffer.from(artwork(seed))), W, "jpg", dir);
  console.log(dir);
}

for (const p of seedProjects) await write(`work-${p.slug}`, p.slug);
for (const p of seedPosts) await write(`blog-${p.slug}`, `blog:${p.slug}`);
await write("fallback", "northwall");
