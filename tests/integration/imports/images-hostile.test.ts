// An old site that fights the import's copying of its images: one that says its image is a terabyte,
// and one that drips every image past the deadline while a post shows hundreds of them. The copying
// is the import's own (imageCopier, withLocalImages) against a real local server; what the old site
// had to send, and how often it was asked, are counted there.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { imageCopier, type Progress, withLocalImages } from "~/features/imports/import-steps.server";
import { fileCopier } from "~/features/imports/media/linked-files.server";
import {
  oldSiteFetches,
  SLOW_FILES_BEFORE_GIVING_UP,
} from "~/features/imports/media/old-site-fetches.server";
import { resetEnvCache } from "~/platform/env.server";

const MB = 1024 * 1024;
let site = "";
let bytesSent = 0;
const asked: string[] = [];
const open = new Set<ServerResponse>();
const server = createServer((req, res) => {
  asked.push(req.url!);
  open.add(res);
  res.on("close", () => open.delete(res));
  if (req.url!.includes("/terabyte")) {
    res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(MB * MB) });
    const chunk = Buffer.alloc(256 * 1024, 1);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) bytesSent += chunk.length;
    };
    res.on("drain", pump);
    pump();
    return;
  }
  // A JPEG's first bytes, then one more every 100 ms: never finished.
  res.writeHead(200, { "Content-Type": req.url!.endsWith(".pdf") ? "application/pdf" : "image/jpeg" });
  res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  const drip = setInterval(() => res.write(" "), 100);
  res.on("close", () => clearInterval(drip));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_ALLOWED_ORIGINS = site;
  resetEnvCache();
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const progress = (): Progress => ({
  counts: {} as Progress["counts"],
  startedAt: new Date(),
  problems: new Set(),
  save: () => {},
});

describe("an old site's images", () => {
  it("that say they are larger than an image may be are refused before their bytes are read", async () => {
    const report = progress();
    const copy = imageCopier(site, report);
    expect(await copy(`${site}/wp-content/uploads/2024/05/terabyte.jpg`)).toBeNull();
    expect([...report.problems]).toEqual([
      `image ${site}/wp-content/uploads/2024/05/terabyte.jpg could not be fetched (it says it is larger than 10 MB): linked to the old site until it is`,
    ]);
    // What the sockets' buffers take, not the 10 MB a read to the image cap would pull.
    expect(bytesSent).toBeLessThan(5 * MB);
  });

  it("that each run out the deadline stop being asked for after a few, and the run's other files too", async () => {
    const report = progress();
    const images = Array.from({ length: 200 }, (_, i) => `${site}/wp-content/uploads/slow/${i}.jpg`);
    const html = images.map((src, i) => `<p><img src="${src}" alt="photo ${i}"></p>`).join("");
    asked.length = 0;
    const fetches = oldSiteFetches({ timeoutMs: 300 });
    const { html: kept, missing } = await withLocalImages(
      html,
      imageCopier(site, report, undefined, fetches),
    );
    // Two at a time: the pair under way when the last slow one ended may have been asked for too.
    expect(asked.length).toBeLessThanOrEqual(SLOW_FILES_BEFORE_GIVING_UP + 1);
    expect(missing).toHaveLength(200);
    // Each image is a link to the old address, for "Fetch the missing images again".
    for (const src of images) expect(kept).toContain(`href="${src}"`);
    expect(kept).toContain(">Image: photo 199</a>");
    const problems = [...report.problems];
    expect(problems.filter((p) => p.includes("(it took longer than "))).toHaveLength(asked.length);
    expect(problems.filter((p) => p.includes("(it was not asked for: "))).toHaveLength(200 - asked.length);

    // The same old site's PDFs in this run are not asked for either.
    const before = asked.length;
    expect(await fileCopier(site, report, fetches)(`${site}/wp-content/uploads/slow/guide.pdf`)).toBeNull();
    expect(asked).toHaveLength(before);
  }, 20_000);
});
