// An old site that fights the import's copying of its images: one that says its image is a terabyte,
// and one that drips every image past the deadline while a post shows hundreds of them. The copying
// is the import's own (imageCopier, withLocalImages) against a real local server; what the old site
// had to send, and how often it was asked, are counted there.
import { describe, expect, it } from "vitest";

import { imageCopier, withLocalImages } from "~/features/imports/import-steps.server";
import { fileCopier } from "~/features/imports/media/linked-files.server";
import {
  oldSiteFetches,
  SLOW_FILES_BEFORE_GIVING_UP,
} from "~/features/imports/media/old-site-fetches.server";

import { hostileOldSiteForFile, importProgress } from "../../setup/hostile-old-site";

const MB = 1024 * 1024;
const oldSite = hostileOldSiteForFile("image/jpeg");
const progress = importProgress;

describe("an old site's images", () => {
  it("that say they are larger than an image may be are refused before their bytes are read", async () => {
    const report = progress();
    const copy = imageCopier(oldSite.state.url, report);
    expect(await copy(`${oldSite.state.url}/wp-content/uploads/2024/05/terabyte.jpg`)).toBeNull();
    expect([...report.problems]).toEqual([
      `image ${oldSite.state.url}/wp-content/uploads/2024/05/terabyte.jpg could not be fetched (it says it is larger than 10 MB): linked to the old site until it is`,
    ]);
    // What the sockets' buffers take, not the 10 MB a read to the image cap would pull.
    expect(oldSite.state.bytesSent).toBeLessThan(5 * MB);
  });

  it("that each run out the deadline stop being asked for after a few, and the run's other files too", async () => {
    const report = progress();
    const images = Array.from(
      { length: 200 },
      (_, i) => `${oldSite.state.url}/wp-content/uploads/slow/${i}.jpg`,
    );
    const html = images.map((src, i) => `<p><img src="${src}" alt="photo ${i}"></p>`).join("");
    oldSite.state.asked.length = 0;
    const fetches = oldSiteFetches({ timeoutMs: 300 });
    const { html: kept, missing } = await withLocalImages(
      html,
      imageCopier(oldSite.state.url, report, undefined, fetches),
    );
    // Two at a time: the pair under way when the last slow one ended may have been asked for too.
    expect(oldSite.state.asked.length).toBeLessThanOrEqual(SLOW_FILES_BEFORE_GIVING_UP + 1);
    expect(missing).toHaveLength(200);
    // Each image is a link to the old address, for "Fetch the missing images again".
    for (const src of images) expect(kept).toContain(`href="${src}"`);
    expect(kept).toContain(">Image: photo 199</a>");
    const problems = [...report.problems];
    expect(problems.filter((p) => p.includes("(it took longer than "))).toHaveLength(
      oldSite.state.asked.length,
    );
    expect(problems.filter((p) => p.includes("(it was not asked for: "))).toHaveLength(
      200 - oldSite.state.asked.length,
    );

    // The same old site's PDFs in this run are not asked for either.
    const before = oldSite.state.asked.length;
    expect(
      await fileCopier(
        oldSite.state.url,
        report,
        fetches,
      )(`${oldSite.state.url}/wp-content/uploads/slow/guide.pdf`),
    ).toBeNull();
    expect(oldSite.state.asked).toHaveLength(before);
  }, 20_000);
});
