// Draws public/og-default.png (1200×630), the social preview for pages without a picture of their own.
// Run `node_modules/.bin/tsx scripts/make-og-image.ts`; the image is committed.
import sharp from "sharp";

import { seedSiteSettings as site } from "../db/seed-data/site-settings";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
  <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#09090f"/></linearGradient>
  <linearGradient id="t" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#a78bfa"/><stop offset="0.5" stop-color="#22d3ee"/><stop offset="1" stop-color="#f472b6"/></linearGradient>
  <filter id="b"><feGaussianBlur stdDeviation="70"/></filter>
</defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g filter="url(#b)" opacity="0.7"><circle cx="1020" cy="120" r="200" fill="#6d28d9"/><circle cx="1100" cy="520" r="180" fill="#0e7490"/></g>
<text x="80" y="170" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" font-weight="700" letter-spacing="6" fill="#22d3ee">DUBLIN DIGITAL MARKETING AGENCY</text>
<text x="80" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="96" font-weight="700" fill="#ffffff">${site.name}</text>
<text x="80" y="390" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="700" fill="url(#t)">Growth, Year Over Year</text>
<text x="80" y="520" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#c4c4d4">SEO · Paid Ads · Websites · Creative · Automation</text>
<rect x="80" y="560" width="240" height="6" rx="3" fill="url(#t)"/>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile("public/og-default.png");
console.log("public/og-default.png");
