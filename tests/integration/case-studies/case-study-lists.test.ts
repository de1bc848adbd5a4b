// The case studies' lists read only what they show: /work's page of cards, GET /api/work's page and
// GET /api/work?lang='s page are limited and counted in SQL, never every study's write-up (5,000 studies
// of 100 kB made each reader of /work wait 25–43 s and the server reach 3.85 GB).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, languageSettings, testimonials } from "#db/schema";
import {
  listCaseStudies,
  listCaseStudiesCrediting,
  nextCaseStudy,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import {
  adminCaseStudiesPage,
  caseStudiesPage,
  caseStudyCategoriesInUse,
  creditedTestimonialIds,
  publishedCaseStudyAddresses,
  publishedCaseStudyCards,
  serviceProofCards,
  signaturePlaces,
} from "~/features/case-studies/case-study-lists.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import {
  caseStudyTranslationsPage,
  liveCaseStudyTranslationAddresses,
  liveCaseStudyTranslationCards,
  saveCaseStudyTranslation,
} from "~/features/case-studies/translations/case-study-translations.server";
import { caseStudyVersions } from "~/features/case-studies/translations/case-study-versions.server";
import { CaseStudyTranslationSchema } from "~/features/case-studies/translations/translation-schema";
import { featuredWork } from "~/features/pages/index.server";
import { contentChanged, getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const PUBLISHED = 14;
const WRITE_UP = `<p>${"A long approach. ".repeat(500)}</p>`;

/** Made in this order, each goes first: the agency's order is the newest first. */
const slugs: string[] = [];

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
    .run();
  contentChanged("site");
  for (let n = 0; n < PUBLISHED + 2; n++) {
    const draft = n >= PUBLISHED;
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Listed study ${n}`,
        slug: `listed-study-${n}`,
        clientName: "A client",
        category: n % 2 ? "Retail" : "B2B",
        excerpt: "Listed.",
        challenge: "A long challenge.",
        body: WRITE_UP,
        credits: n % 3 === 0 ? ["SEO"] : [],
        status: draft ? "draft" : "published",
      }),
    );
    if (!draft) slugs.unshift(study.slug);
    // Every other study is in Irish too (the drafts' translations are staff's only).
    if (n % 2 === 0)
      saveCaseStudyTranslation(
        undefined,
        CaseStudyTranslationSchema.parse({
          lang: "ga",
          translationOf: study.id,
          title: `Staidéar ${n}`,
          slug: `staidear-${n}`,
          category: "B2B",
          body: WRITE_UP,
          status: n === 2 ? "draft" : "published",
        }),
      );
  }
});

/** The statements `work` ran that read a write-up column. */
const readWriteUps = async (work: () => unknown) =>
  (await statementsRead(work)).filter((sql) => /"(body|challenge|outcome|content)"/.test(sql));

describe("/work's cards", () => {
  it("are a page in the agency's order with how many match, without the write-ups", async () => {
    let page: ReturnType<typeof publishedCaseStudyCards> = { rows: [], total: 0 };
    expect(await readWriteUps(() => (page = publishedCaseStudyCards({ limit: 6 })))).toEqual([]);
    expect(page.total).toBe(PUBLISHED);
    expect(page.rows.map((row) => row.slug)).toEqual(slugs.slice(0, 6));
    expect(page.rows[0]).not.toHaveProperty("body");
    expect(page.rows[0]).toMatchObject({ title: expect.any(String), metrics: [], tags: [] });
  });

  it("of one category count only that category's, drafts never", () => {
    const retail = publishedCaseStudyCards({ category: "Retail", limit: 100 });
    expect(retail.total).toBe(PUBLISHED / 2);
    expect(retail.rows.every((row) => row.category === "Retail")).toBe(true);
    expect(publishedCaseStudyCards({ category: "Nothing", limit: 6 })).toEqual({ rows: [], total: 0 });
  });

  it("take a limit past the end and an offset past the last", () => {
    expect(publishedCaseStudyCards({ limit: 1e9 }).rows).toHaveLength(PUBLISHED);
    expect(publishedCaseStudyCards({ limit: 6, offset: 1e6 })).toEqual({ rows: [], total: PUBLISHED });
  });
});

describe("GET /api/work's page", () => {
  it("holds the studies whole, drafts only for staff, pages never overlapping", () => {
    const first = caseStudiesPage({ drafts: false, limit: 5, offset: 0 });
    const second = caseStudiesPage({ drafts: false, limit: 5, offset: 5 });
    expect(first.total).toBe(PUBLISHED);
    expect(first.rows[0]!.body).toBe(WRITE_UP);
    expect([...first.rows, ...second.rows].map((row) => row.slug)).toEqual(slugs.slice(0, 10));
    const staff = caseStudiesPage({ drafts: true, limit: 50, offset: 0 });
    expect(staff.total).toBe(PUBLISHED + 2);
    expect(staff.rows.filter((row) => row.status === "draft")).toHaveLength(2);
  });

  it("in Irish: the live translations for readers, every one for staff, a page at a time", () => {
    const live = caseStudyTranslationsPage("ga", { staff: false, limit: 3, offset: 0 });
    // Studies 0, 4, 6, 8, 10, 12 are live in Irish (2 is a draft translation, 14 a draft study).
    expect(live.total).toBe(6);
    expect(live.rows.map((row) => row.translation.title)).toEqual([
      "Staidéar 12",
      "Staidéar 10",
      "Staidéar 8",
    ]);
    expect(live.rows[0]!.source).toEqual({ updatedAt: expect.any(Date) });
    const staff = caseStudyTranslationsPage("ga", { staff: true, limit: 50, offset: 0 });
    expect(staff.total).toBe(8);
  });
});

describe("/ga/work's cards", () => {
  it("are the live translations in the agency's order, without any write-up", async () => {
    let cards: ReturnType<typeof liveCaseStudyTranslationCards> = [];
    expect(await readWriteUps(() => (cards = liveCaseStudyTranslationCards("ga")))).toEqual([]);
    expect(cards.map((card) => card.translation.title)).toEqual(
      [12, 10, 8, 6, 4, 0].map((n) => `Staidéar ${n}`),
    );
    expect(cards[0]!.translation.body).toBe("");
    expect(cards[0]!.source).toMatchObject({ slug: "listed-study-12", body: "" });
  });
});

describe("a study page's other languages and next study", () => {
  it("read addresses and titles, never a write-up (every page of a study asks)", async () => {
    let versions: ReturnType<typeof caseStudyVersions>;
    expect(await readWriteUps(() => (versions = caseStudyVersions("/work/listed-study-12")))).toEqual([]);
    expect(versions!.map((version) => [version.lang, version.path, version.exists])).toEqual([
      ["en", "/work/listed-study-12", true],
      ["ga", "/ga/work/staidear-12", true],
    ]);
    let next: ReturnType<typeof liveCaseStudyTranslationAddresses> = [];
    expect(await readWriteUps(() => (next = liveCaseStudyTranslationAddresses("ga")))).toEqual([]);
    expect(next.map((row) => row.title)).toEqual([12, 10, 8, 6, 4, 0].map((n) => `Staidéar ${n}`));
  });
});

describe("the other lists", () => {
  it("read only as many as they show", async () => {
    expect(listCaseStudies({ limit: 3 }).map((study) => study.slug)).toEqual(slugs.slice(0, 3));
    expect(listCaseStudiesCrediting("SEO", 2).map((study) => study.slug)).toEqual([
      "listed-study-12",
      "listed-study-9",
    ]);
    expect(listCaseStudies({ translatedInto: "ga" })).toHaveLength(6);
    expect(await readWriteUps(() => publishedCaseStudyAddresses())).toEqual([]);
    expect(publishedCaseStudyAddresses().map((study) => study.slug)).toEqual(slugs);
  });

  it("next study: after the last, the first", () => {
    const [first, second] = listCaseStudies({ limit: 2 });
    expect(nextCaseStudy(first!)?.slug).toBe(second!.slug);
    const last = listCaseStudies().at(-1)!;
    expect(nextCaseStudy(last)?.slug).toBe(first!.slug);
  });

  it("the 404's piece of work, none featured, is the first study readers of the address's language can read", () => {
    expect(featuredWork("/nothing")?.path).toBe(`/work/${slugs[0]}`);
    expect(featuredWork("/ga/nothing")?.title).toBe("Staidéar 12");
    // Never the page the 404 offers.
    expect(featuredWork("/nothing", `/work/${slugs[0]}`)).toBeNull();
  });
});

describe("the admin's list", () => {
  it("is a page of the studies, drafts too, in the agency's order, never a write-up", async () => {
    let page: ReturnType<typeof adminCaseStudiesPage> | undefined;
    expect(await readWriteUps(() => (page = adminCaseStudiesPage({ page: 1 })))).toEqual([]);
    expect(page!.total).toBe(PUBLISHED + 2);
    expect(page!.pageCount).toBe(1);
    expect(page!.rows.filter((row) => row.status === "draft")).toHaveLength(2);
    expect(adminCaseStudiesPage({ page: 7 })).toMatchObject({ page: 1, offset: 0 });
    expect(caseStudyCategoriesInUse()).toEqual(["B2B", "Retail"]);
  });

  it("only the studies with problems, when asked", () => {
    const [first] = adminCaseStudiesPage().rows;
    getDb().update(caseStudies).set({ checkProblems: 0 }).run();
    getDb().update(caseStudies).set({ checkProblems: 2 }).where(eq(caseStudies.id, first!.id)).run();
    const filtered = adminCaseStudiesPage({ problemsOnly: true });
    expect(filtered.rows.map((row) => row.id)).toEqual([first!.id]);
    expect(filtered.total).toBe(1);
  });
});

describe("a service's proof", () => {
  // Studies 12, 9, 6, 3 and 0 credit SEO, in that order; 12, 6 and 0 are live in Irish.
  it("reads the signature counted round from the service's place and the first others, never a write-up", async () => {
    let proof: ReturnType<typeof serviceProofCards> = { signature: null, others: [] };
    const read = await statementsRead(
      () => (proof = serviceProofCards("SEO", { signatureAt: 6, others: 3 })),
    );
    expect(read.filter((sql) => /"(body|challenge|outcome|content)"/.test(sql))).toEqual([]);
    // A count and two pages of at most 4 rows, however many studies credit the service.
    expect(read.filter((sql) => /limit/i.test(sql))).toHaveLength(2);
    expect(proof.signature?.slug).toBe("listed-study-9");
    expect(proof.others.map((study) => study.slug)).toEqual([
      "listed-study-12",
      "listed-study-6",
      "listed-study-3",
    ]);
    expect(proof.signature?.body).toBe("");
  });

  it("under a language, only the studies live in it; none at all, nothing", () => {
    const irish = serviceProofCards("SEO", { lang: "ga", signatureAt: 4, others: 3 });
    expect(irish.signature?.slug).toBe("listed-study-6");
    expect(irish.others.map((study) => study.slug)).toEqual(["listed-study-12", "listed-study-0"]);
    expect(serviceProofCards("Nothing", { signatureAt: 2, others: 3 })).toEqual({
      signature: null,
      others: [],
    });
  });

  it("opens on the work the service led (its first credit), wherever the agency placed that study", () => {
    const credit = (slug: string, credits: string[]) =>
      getDb().update(caseStudies).set({ credits }).where(eq(caseStudies.slug, slug)).run();
    // The agency's first study credits "Led" second; its last led the work.
    credit("listed-study-12", ["Other", "Led"]);
    credit("listed-study-0", ["Led", "Other"]);
    // Its place in the agency's order, where the service's proof is read.
    const [place] = signaturePlaces(["Led"]);
    expect(place).toBe(1);
    const proof = serviceProofCards("Led", { signatureAt: place!, others: 1 });
    expect(proof.signature?.slug).toBe("listed-study-0");
    expect(proof.others.map((study) => study.slug)).toEqual(["listed-study-12"]);
    credit("listed-study-12", ["SEO"]);
    credit("listed-study-0", ["SEO"]);
  });

  it("offers its clients' quotes from the service's place on, round, each once, in one query", async () => {
    const ids = Array.from({ length: PUBLISHED }, (_, n) => `quote-${n}`);
    getDb()
      .insert(testimonials)
      .values(ids.map((id) => ({ id, quote: "Good.", name: id })))
      .run();
    // Every published study credits "Quoted", in the agency's order; all but every third with a quote
    // (more than are read at a time).
    const quoted = getDb()
      .select({ id: caseStudies.id, slug: caseStudies.slug })
      .from(caseStudies)
      .where(eq(caseStudies.status, "published"))
      .all()
      .sort((a, b) => slugs.indexOf(a.slug) - slugs.indexOf(b.slug));
    quoted.forEach((study, n) =>
      getDb()
        .update(caseStudies)
        .set({ credits: ["Quoted"], testimonialId: n % 3 === 2 ? null : ids[n]! })
        .where(eq(caseStudies.id, study.id))
        .run(),
    );
    const expected = quoted.flatMap((_, n) => (n % 3 === 2 ? [] : [ids[n]!]));
    expect(expected.length).toBeGreaterThan(8);
    expect(creditedTestimonialIds("Quoted", 0)).toEqual(expected);
    expect(creditedTestimonialIds("Quoted", 5)).toEqual([...expected.slice(5), ...expected.slice(0, 5)]);
    expect(creditedTestimonialIds("Quoted", 5 + expected.length)[0]).toBe(expected[5]);
    expect(creditedTestimonialIds("Nothing", 3)).toEqual([]);
    // A client quoted by several studies comes once, where it first comes from the service's place.
    getDb()
      .update(caseStudies)
      .set({ testimonialId: ids[0]! })
      .where(eq(caseStudies.id, quoted[4]!.id))
      .run();
    const once = expected.map((id) => (id === ids[4] ? ids[0]! : id));
    expect(creditedTestimonialIds("Quoted", 2)).toEqual([
      ...new Set([...once.slice(2), ...once.slice(0, 2)]),
    ]);
    expect(await readWriteUps(() => creditedTestimonialIds("Quoted", 2))).toEqual([]);
  });
});
