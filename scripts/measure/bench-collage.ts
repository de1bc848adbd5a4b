// npm run bench:collage: a case study's cover made of its own pictures (photo-collage.server.ts), for a
// study with a full gallery of large photos uploaded through the media library, drawn BENCH_ROUNDS
// times as the background drawing does (collage, then every width and format). Printed: the time per
// cover (median and slowest), the process's memory before, at its peak and after, and the longest
// event-loop delay while it draws (what a request would have waited: the drawing shares the process).
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";

import sharp from "sharp";

import { percentile } from "../lib/percentile";
import { memoryOf, watchPeak } from "../lib/process-memory";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const GALLERY = 12; // a full gallery: the cover takes the first three

const dir = mkdtempSync(path.join(tmpdir(), "bench-collage-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
const { ensureUploadFolders, saveImage } = await import("~/features/media/index.server");
const { writeArtwork, studySubject } = await import("~/features/social-cards/index.server");
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

try {
  ensureUploadFolders();
  // Photo-like pictures (noise compresses as badly as a photo does), 4000 × 3000 each.
  const gallery = [];
  for (let i = 0; i < GALLERY; i++) {
    const noise = { type: "gaussian", mean: 60 + i * 10, sigma: 50 } as const;
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, noise, background: "#808080" },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const { publicURL } = await saveImage(Readable.from([photo]), `photo-${i}.jpg`);
    gallery.push({ url: publicURL, alt: `Photo ${i}`, caption: "" });
  }
  const subject = studySubject({
    title: "Harbour Bikes: A Shop That Sells While It Sleeps",
    clientName: "Harbour Bikes",
    category: "E-commerce",
    tags: ["Shopify"],
    credits: ["Website Development"],
    metrics: [{ value: "212%", label: "Online Sales" }],
    gallery,
  });

  // Once first, as a site that has run a while (sharp and librsvg loaded, the palette's SVG drawn).
  await mkdir(path.join(dir, "covers", "warm-up"), { recursive: true });
  await writeArtwork(subject, path.join(dir, "covers", "warm-up"));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const before = memoryOf(process.pid).rss;
  const peak = watchPeak(process.pid);
  delay.enable();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const out = path.join(dir, "covers", String(round));
    await mkdir(out, { recursive: true });
    const started = performance.now();
    await writeArtwork(subject, out);
    times.push(performance.now() - started);
  }
  delay.disable();
  const peakRss = peak.stop();
  console.log(
    `A case study's photo cover (3 of a ${GALLERY}-photo gallery, 4000 × 3000 uploads), ${ROUNDS} times:`,
  );
  console.log(
    `  per cover: median ${percentile(times, 50)} ms, slowest ${Math.round(Math.max(...times))} ms`,
  );
  console.log(`  longest event-loop delay while drawing: ${Math.round(delay.max / 1e6)} ms`);
  console.log(
    `  memory (RSS): ${mb(before)} MB before, ${mb(peakRss)} MB at the peak, ${mb(memoryOf(process.pid).rss)} MB after`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
