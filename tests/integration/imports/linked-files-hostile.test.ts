// An old site that fights the import's fetching of the PDFs, recordings and videos its posts link to:
// one that says its file is a terabyte, and one that drips every file past the deadline while a post
// links to hundreds of them. The fetching is the import's own (fileCopier, withLinkedFiles) against a
// real local server; what the old site had to send, and how often it was asked, are counted there.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Progress } from "~/features/imports/import-steps.server";
import { fileCopier, withLinkedFiles } from "~/features/imports/media/linked-files.server";
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
    res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": String(MB * MB) });
    const chunk = Buffer.alloc(256 * 1024, 1);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) bytesSent += chunk.length;
    };
    res.on("drain", pump);
    pump();
    return;
  }
  // A PDF's first bytes, then one more every 100 ms: never finished.
  res.writeHead(200, { "Content-Type": "application/pdf" });
  res.write("%PDF-1.4\n");
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

describe("an old site's linked files", () => {
  it("that say they are larger than any file kept are refused before their bytes are read", async () => {
    const report = progress();
    const copy = fileCopier(site, report);
    expect(await copy(`${site}/wp-content/uploads/2024/05/terabyte.mp4`)).toBeNull();
    expect([...report.problems]).toEqual([
      `file ${site}/wp-content/uploads/2024/05/terabyte.mp4 could not be fetched (it says it is larger than 100 MB): linked to the old address`,
    ]);
    // What the sockets' buffers take, not the 100 MB a read to the cap would pull.
    expect(bytesSent).toBeLessThan(10 * MB);
  });

  it("that each run out the deadline stop being asked for after a few, and are reported for a retry", async () => {
    const report = progress();
    const files = Array.from({ length: 200 }, (_, i) => `${site}/wp-content/uploads/slow/${i}.pdf`);
    const html = `<p>${files.map((file, i) => `<a href="${file}">file ${i}</a>`).join(" ")}</p>`;
    asked.length = 0;
    const { html: kept, missing } = await withLinkedFiles(html, {
      siteUrl: site,
      copyImage: async () => null,
      copyFile: fileCopier(site, report, oldSiteFetches({ timeoutMs: 300 })),
    });
    // Two at a time: the pair under way when the last slow one ended may have been asked for too.
    expect(asked.length).toBeLessThanOrEqual(SLOW_FILES_BEFORE_GIVING_UP + 1);
    expect(missing).toHaveLength(200);
    for (const file of files) expect(kept).toContain(`href="${file}"`);
    const problems = [...report.problems];
    expect(problems.filter((p) => p.includes("(it took longer than "))).toHaveLength(asked.length);
    expect(problems.filter((p) => p.includes("was not asked for"))).toHaveLength(200 - asked.length);
  }, 20_000);
});
