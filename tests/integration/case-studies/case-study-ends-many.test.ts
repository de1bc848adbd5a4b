// Many case studies ending in the same minute are taken down a few at a time, the task running again at
// once while some are due: 5,000 ending together were rewritten in one run that held the server 15 s.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { caseStudies } from "#db/schema";
import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import {
  caseStudyEndTask,
  ENDED_A_RUN,
  unpublishDueCaseStudies,
} from "~/features/case-studies/case-study-end.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const MADE = ENDED_A_RUN * 2 + 3;
const end = new Date(Date.now() + 3_600_000);

beforeAll(() => {
  for (let n = 0; n < MADE; n++) {
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Ending together ${n}`,
        slug: `ending-together-${n}`,
        clientName: "A client",
        category: "Retail",
        excerpt: "Ends.",
        body: "<p>How.</p>",
        status: "published",
        unpublishAt: end.toISOString(),
      }),
    );
    // One second apart, the first soonest: the order they are taken down in.
    getDb()
      .update(caseStudies)
      .set({ unpublishAt: new Date(end.getTime() + n * 1000) })
      .where(eq(caseStudies.id, study.id))
      .run();
  }
});

it("takes down a run's worth at a time, soonest first, and runs again at once while some are due", async () => {
  const later = new Date(end.getTime() + 3_600_000);
  const task = caseStudyEndTask({ now: () => later });
  let first: ReturnType<typeof unpublishDueCaseStudies> = [];
  const read = await statementsRead(() => (first = unpublishDueCaseStudies(later)));
  expect(first.map((study) => study.slug)).toEqual(
    Array.from({ length: ENDED_A_RUN }, (_, n) => `ending-together-${n}`),
  );
  // Its update answers only where the study now sends visitors, not the whole row with its body.
  expect(read.filter((sql) => /^update/i.test(sql) && /"body"/.test(sql))).toEqual([]);
  expect(task.every instanceof Function && task.every()).toBe(0);
  expect(unpublishDueCaseStudies(later)).toHaveLength(ENDED_A_RUN);
  expect(unpublishDueCaseStudies(later)).toHaveLength(MADE - 2 * ENDED_A_RUN);
  expect(unpublishDueCaseStudies(later)).toEqual([]);
  expect(task.every instanceof Function && task.every()).toBeGreaterThan(0);
});
