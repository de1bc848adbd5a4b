// Draws the cover artwork of the seeded case studies and posts, and the fallback cover, into
// public/images/art/ (committed), with the same code the running site uses for new content
// (app/features/social-cards/artwork/, decision 023). Writes app/features/social-cards/artwork/committed.json, the hashes of what each
// committed file shows: start-up uses a committed file only while a seed's content still matches. The
// seeded case studies' galleries are drawn here too (other views of the same work).
// Run `node_modules/.bin/tsx scripts/make/make-artwork.ts` after changing the drawing (and raise
// ARTWORK_VERSION) or the seeds. `--png DIR` also writes a PNG of each, to look at.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { seedCaseStudies, seedPosts } from "../../app/features/seed";
import {
  artworkHash,
  type ArtworkSubject,
  artworkSvg,
  fallbackSvg,
  postSubject,
  seedGallery,
  studySubject,
  writeArtworkFiles,
} from "../../app/features/social-cards/index.server";
import { artworkDir, artworkUrl } from "../../app/platform/images";
import { seedSiteSettings } from "../../app/platform/site/launch-settings";
import { splitMetric } from "../../app/platform/text/metrics";

const pngAt = process.argv.indexOf("--png");
const pngDir = pngAt >= 0 ? process.argv[pngAt + 1] : undefined;
if (pngDir) mkdirSync(pngDir, { recursive: true });

async function write(name: string, svg: string) {
  const dir = path.join("public", artworkDir(name));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await writeArtworkFiles(svg, dir);
  if (pngDir)
    await sharp(Buffer.from(svg))
      .png()
      .toFile(path.join(pngDir, `${name}.png`));
  console.log(dir);
}

const committed: Record<string, string> = {};
const seeds: [string, ArtworkSubject][] = [
  ...seedCaseStudies.map((p): [string, ArtworkSubject] => [
    `work-${p.slug}`,
    studySubject({ ...p, metrics: p.metrics.map(splitMetric) }),
  ]),
  ...seedPosts.map((p): [string, ArtworkSubject] => [
    `blog-${p.slug}`,
    postSubject({ title: p.title, tags: p.tags ?? [] }, seedSiteSettings.name),
  ]),
];
for (const [name, subject] of seeds) {
  const started = performance.now();
  await write(name, await artworkSvg(subject));
  console.log(`  ${Math.round(performance.now() - started)} ms`);
  committed[artworkHash(subject)] = artworkUrl(name);
}
// Each seeded study's gallery: the other views of its work, in its colours (not hashed: the seed names them).
for (const p of seedCaseStudies) {
  const subject = studySubject({ ...p, metrics: p.metrics.map(splitMetric) });
  if (subject.kind !== "work") continue;
  for (const picture of seedGallery(p.slug, subject.study)) {
    await write(
      `work-${p.slug}-${picture.scene}`,
      await artworkSvg({ ...subject, study: picture.study, scene: picture.scene }),
    );
  }
}
await write("fallback", await fallbackSvg(seedSiteSettings.name, seedSiteSettings.tagline));
writeFileSync("app/features/social-cards/artwork/committed.json", `${JSON.stringify(committed, null, 2)}\n`);
