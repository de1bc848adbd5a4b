import { describe, expect, it } from "vitest";

import { seedCaseStudies } from "~/features/seed";
import { seedGallery } from "~/features/social-cards/artwork/gallery";
import { studySubject } from "~/features/social-cards/artwork/subject";
import { splitMetric } from "~/platform/text/metrics";

describe("a seeded study's gallery", () => {
  it("leads each view with another of the study's results than the cover's, keeping them all", () => {
    // Every view of the clinic once led with "312%", the cover's figure: one number, four times a page.
    for (const study of seedCaseStudies) {
      const subject = studySubject({ ...study, metrics: study.metrics.map(splitMetric) });
      if (subject.kind !== "work") continue;
      const cover = subject.study.metrics;
      const views = seedGallery(study.slug, subject.study);
      expect(views.length, study.slug).toBeGreaterThan(0);
      for (const [index, view] of views.entries()) {
        expect(view.study.metrics, `${study.slug} ${view.scene}`).toHaveLength(cover.length);
        expect(new Set(view.study.metrics), `${study.slug} ${view.scene}`).toEqual(new Set(cover));
        if (index < cover.length - 1)
          expect(view.study.metrics[0], `${study.slug} ${view.scene}`).not.toEqual(cover[0]);
      }
    }
  });
});
