// At start-up the covers and cards of every live study are checked: they were read whole, write-ups
// and all (5,000 studies of 100 kB: half a gigabyte before the site listened). Only what a cover and
// a card show is read now.
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, caseStudyTranslations, languageSettings } from "#db/schema";
import { refreshAllSocialCards, startArtwork } from "~/features/social-cards/index.server";
import { contentChanged, getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const WRITE_UP = `<p>${"What we did. ".repeat(8000)}</p>`;

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
    .run();
  contentChanged("site");
  getDb()
    .insert(caseStudies)
    .values(
      ["drawn", "chosen"].map((kind, n) => ({
        id: `start-reads-${kind}`,
        title: `A ${kind} cover`,
        slug: `a-${kind}-cover`,
        clientName: "A client",
        excerpt: "Read.",
        challenge: WRITE_UP,
        body: WRITE_UP,
        outcome: WRITE_UP,
        category: "Retail",
        metrics: [{ value: "3×", label: "Leads" }],
        coverImage: kind === "chosen" ? "/uploads/a-cover.jpg" : null,
        status: "published" as const,
        position: n,
      })),
    )
    .run();
  getDb()
    .insert(caseStudyTranslations)
    .values({
      caseStudyId: "start-reads-drawn",
      lang: "ga",
      title: "Clúdach",
      slug: "cludach",
      category: "Miondíol",
      excerpt: "Léite.",
      body: WRITE_UP,
      metricLabels: ["Leideanna"],
      status: "published",
      sourceUpdatedAt: new Date(),
    })
    .run();
});

/** The statements `work` ran that read the write-ups of every study (one drawn at a time reads its own). */
const readWriteUps = async (work: () => unknown) =>
  (await statementsRead(work)).filter(
    (sql) =>
      /"case_stud(ies|y_translations)"/.test(sql) &&
      /"(body|challenge|outcome)"/.test(sql) &&
      !/"(id|case_study_id)" = \?/.test(sql),
  );

describe("the start's covers and cards", () => {
  it("find the studies whose cover is to be drawn without reading their write-ups", async () => {
    let queued = 0;
    expect(await readWriteUps(async () => (queued = await startArtwork()))).toEqual([]);
    // The study without a chosen cover (its translation's follows it).
    expect(queued).toBeGreaterThanOrEqual(1);
  });

  it("draw the missing cards of studies and their translations without reading their write-ups", async () => {
    expect(await readWriteUps(() => refreshAllSocialCards())).toEqual([]);
  }, 60_000);
});
