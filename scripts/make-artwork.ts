// Draws the abstract cover artwork (SVG) for the seeded projects and posts, plus the fallback
// cover: brand gradients and soft shapes, different for every slug, no stock photos.
// Run `node_modules/.bin/tsx scripts/make-artwork.ts`; the files in public/images/ are committed.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";

import { seedPosts } from "../db/seed-data/posts";
import { seedProjects } from "../db/seed-data/projects";

const palette = ["#6d28d9", "#a78bfa", "#0e7490", "#22d3ee", "#be185d", "#f472b6", "#1e1b4b", "#0f172a"];
const W = 1200;
const H = 675;

function artwork(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest();
  const pick = (i: number) => palette[bytes[i]! % palette.length]!;
  const n = (i: number, max: number) => Math.round((bytes[i]! / 255) * max);
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

function write(file: string, svg: string) {
  writeFileSync(file, svg);
  console.log(file);
}

mkdirSync("public/images/work", { recursive: true });
mkdirSync("public/images/blog", { recursive: true });
for (const p of seedProjects) write(`public/images/work/${p.slug}.svg`, artwork(p.slug));
for (const p of seedPosts) write(`public/images/blog/${p.slug}.svg`, artwork(`blog:${p.slug}`));
write("public/images/fallback-cover.svg", artwork("northwall"));
