// An old site that fights the import's fetching of the PDFs, recordings and videos its posts link to:
// one that says its file is a terabyte, and one that drips every file past the deadline while a post
// links to hundreds of them. The fetching is the import's own (fileCopier, withLinkedFiles) against a
// real local server; what the old site had to send, and how often it was asked, are counted there.
import { describe, expect, it } from "vitest";

import { fileCopier, withLinkedFiles } from "~/features/imports/media/linked-files.server";
import {
  oldSiteFetches,
  SLOW_FILES_BEFORE_GIVING_UP,
} from "~/features/imports/media/old-site-fetches.server";

import { hostileOldSiteForFile, importProgress } from "../../setup/hostile-old-site";

const MB = 1024 * 1024;
const oldSite = hostileOldSiteForFile("video/mp4");
const progress = importProgress;

describe("an old site's linked files", () => {
  it("that say they are larger than any file kept are refused before their bytes are read", async () => {
    const report = progress();
    const copy = fileCopier(oldSite.state.url, report);
    expect(await copy(`${oldSite.state.url}/wp-content/uploads/2024/05/terabyte.mp4`)).toBeNull();
    expect([...report.problems]).toEqual([
      `file ${oldSite.state.url}/wp-content/uploads/2024/05/terabyte.mp4 could not be fetched (it says it is larger than 100 MB): linked to the old address`,
    ]);
    // What the sockets' buffers take, not the 100 MB a read to the cap would pull.
    expect(oldSite.state.bytesSent).toBeLessThan(10 * MB);
  });

  it("that each run out the deadline stop being asked for after a few, and are reported for a retry", async () => {
    const report = progress();
    const files = Array.from(
      { length: 200 },
      (_, i) => `${oldSite.state.url}/wp-content/uploads/slow/${i}.pdf`,
    );
    const html = `<p>${files.map((file, i) => `<a href="${file}">file ${i}</a>`).join(" ")}</p>`;
    oldSite.state.asked.length = 0;
    const { html: kept, missing } = await withLinkedFiles(html, {
      siteUrl: oldSite.state.url,
      copyImage: async () => null,
      copyFile: fileCopier(oldSite.state.url, report, oldSiteFetches({ timeoutMs: 300 })),
    });
    // Two at a time: the pair under way when the last slow one ended may have been asked for too.
    expect(oldSite.state.asked.length).toBeLessThanOrEqual(SLOW_FILES_BEFORE_GIVING_UP + 1);
    expect(missing).toHaveLength(200);
    for (const file of files) expect(kept).toContain(`href="${file}"`);
    const problems = [...report.problems];
    expect(problems.filter((p) => p.includes("(it took longer than "))).toHaveLength(
      oldSite.state.asked.length,
    );
    expect(problems.filter((p) => p.includes("was not asked for"))).toHaveLength(
      200 - oldSite.state.asked.length,
    );
  }, 20_000);
});
