// Case studies in other languages (the service): one translation a study and language linked to its
// source, its own address in its language, refused input that writes nothing, "outdated" once the
// source is edited, a changed address kept for a 301, and the languages setting refusing to drop a
// language case studies are translated into.
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { caseStudyTranslations, languageSettings } from "#db/schema";
import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import {
  caseStudyLanguagesInUse,
  caseStudyTranslationAt,
  liveCaseStudyTranslations,
  movedCaseStudyTranslationSlug,
  saveCaseStudyTranslation,
  translationsOfCaseStudies,
} from "~/features/case-studies/translations/case-study-translations.server";
import {
  caseStudyVersions,
  translatedCaseStudyPages,
} from "~/features/case-studies/translations/case-study-versions.server";
import { CaseStudyTranslationSchema } from "~/features/case-studies/translations/translation-schema";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";

const study = (title: string, over: Record<string, unknown> = {}) =>
  saveCaseStudy(
    undefined,
    CaseStudySchema.parse({
      title,
      clientName: "Harbour Logistics",
      category: "B2B",
      excerpt: "A quoting portal.",
      body: "<p>How.</p>",
      metrics: [{ value: "92%", label: "Faster quotes" }],
      status: "published",
      ...over,
    }),
  );

const irish = (translationOf: string, over: Record<string, unknown> = {}) =>
  CaseStudyTranslationSchema.parse({
    lang: "ga",
    translationOf,
    title: "Tairseach do Harbour Logistics",
    category: "B2B",
    body: "<p>Conas.</p>",
    metricLabels: ["Luachana níos tapúla", "one too many"],
    status: "published",
    ...over,
  });

const rows = () => getDb().select({ n: count() }).from(caseStudyTranslations).get()!.n;

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga", "de"] })
    .run();
  contentChanged("site");
});

describe("a case study's translation", () => {
  it("is linked to its source, lives at its own address and is listed only in its language", () => {
    const source = study("Harbour Logistics quotes");
    const translation = saveCaseStudyTranslation(undefined, irish(source.id, { slug: "luachana-cuain" }));
    expect(translation).toMatchObject({ caseStudyId: source.id, lang: "ga", slug: "luachana-cuain" });
    // One label a result of the source: the extra one is dropped.
    expect(translation.metricLabels).toEqual(["Luachana níos tapúla"]);
    expect(caseStudyTranslationAt("ga", "luachana-cuain")?.source.id).toBe(source.id);
    expect(caseStudyTranslationAt("de", "luachana-cuain")).toBeUndefined();
    expect(liveCaseStudyTranslations("ga").map((row) => row.translation.id)).toContain(translation.id);
    expect(liveCaseStudyTranslations("de")).toHaveLength(0);
  });

  it("is outdated once its source is edited after it, and up to date again when saved anew", () => {
    const source = study("Outdated after an edit");
    const translation = saveCaseStudyTranslation(undefined, irish(source.id, { slug: "as-data" }));
    const stateNow = (of: { id: string; updatedAt: Date }) =>
      translationsOfCaseStudies([of]).get(of.id)![0]!.state;
    expect(stateNow(source)).toBe("up to date");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    const edited = saveCaseStudy(
      source.id,
      CaseStudySchema.parse({
        title: "Outdated after an edit",
        slug: source.slug,
        clientName: "Harbour Logistics",
        category: "B2B",
        body: "<p>New words.</p>",
        status: "published",
      }),
    );
    vi.useRealTimers();
    expect(stateNow(edited)).toBe("outdated");
    saveCaseStudyTranslation(translation.id, irish(source.id, { slug: "as-data" }));
    expect(stateNow(edited)).toBe("up to date");
  });

  it("keeps a live translation's old address for a 301 when its address changes", () => {
    const source = study("An address that moves");
    const translation = saveCaseStudyTranslation(undefined, irish(source.id, { slug: "seoladh-sean" }));
    saveCaseStudyTranslation(translation.id, irish(source.id, { slug: "seoladh-nua" }));
    expect(movedCaseStudyTranslationSlug("ga", "seoladh-sean")).toBe("seoladh-nua");
    expect(caseStudyTranslationAt("ga", "seoladh-sean")).toBeUndefined();
  });

  it("is absent while it or its source is a draft", () => {
    const source = study("Only a draft", { status: "draft" });
    saveCaseStudyTranslation(undefined, irish(source.id, { slug: "dreacht-amhain" }));
    expect(caseStudyTranslationAt("ga", "dreacht-amhain")).toBeUndefined();
    expect(caseStudyTranslationAt("ga", "dreacht-amhain", { includeDrafts: true })).toBeDefined();
    const live = study("A live one");
    saveCaseStudyTranslation(undefined, irish(live.id, { slug: "dreacht-eile", status: "draft" }));
    expect(caseStudyTranslationAt("ga", "dreacht-eile")).toBeUndefined();
  });
});

describe("refused input changes nothing", () => {
  it.each([
    ["an unknown language", { lang: "xx" }, "lang", /Unknown language/],
    ["a prototype-named language", { lang: "__proto__" }, "lang", /Unknown language/],
    ["a language the site is not in", { lang: "fr" }, "lang", /not in French/],
    ["the default language", { lang: "en" }, "lang", /default language/],
  ])("%s", (name, over, field, message) => {
    const source = study(`Refused: ${name}`);
    const before = rows();
    const attempt = () => saveCaseStudyTranslation(undefined, irish(source.id, over));
    expect(attempt).toThrow(FieldError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as FieldError).field).toBe(field);
    }
    expect(rows()).toBe(before);
  });

  it("an unknown source (not found)", () => {
    const before = rows();
    expect(() => saveCaseStudyTranslation(undefined, irish("no-such-study"))).toThrow(NotFoundError);
    expect(rows()).toBe(before);
  });

  it("a translation of a translation, naming the source", () => {
    const source = study("Translated once");
    const translation = saveCaseStudyTranslation(undefined, irish(source.id, { slug: "aistrithe-uair" }));
    const before = rows();
    expect(() =>
      saveCaseStudyTranslation(undefined, irish(translation.id, { lang: "de", slug: "zweimal" })),
    ).toThrow(new RegExp(`translation itself.*${source.id}`));
    expect(rows()).toBe(before);
  });

  it("a second translation for the same language, or an address taken in it (409)", () => {
    const source = study("Translated twice");
    saveCaseStudyTranslation(undefined, irish(source.id, { slug: "an-chead-cheann" }));
    const other = study("Another study");
    const before = rows();
    expect(() => saveCaseStudyTranslation(undefined, irish(source.id, { slug: "an-dara-ceann" }))).toThrow(
      ConflictError,
    );
    expect(() => saveCaseStudyTranslation(undefined, irish(other.id, { slug: "an-chead-cheann" }))).toThrow(
      /address/,
    );
    expect(rows()).toBe(before);
  });
});

describe("the site's languages", () => {
  it("cannot drop a language case studies are translated into", () => {
    expect(caseStudyLanguagesInUse()).toContain("ga");
    expect(() => saveSiteLanguages({ default: "en", languages: ["en", "de"] })).toThrow(
      /Case studies|Posts|Pages/,
    );
  });
});

describe("a case study's versions (hreflang, the sitemap)", () => {
  it("names each language's own address, from either version, and whether it exists", () => {
    const source = study("Versions of a study", { slug: "versions-study" });
    saveCaseStudyTranslation(undefined, irish(source.id, { slug: "leaganacha" }));
    const expected = [
      { lang: "en", path: "/work/versions-study", exists: true },
      { lang: "ga", path: "/ga/work/leaganacha", exists: true },
      { lang: "de", path: "/de/work/versions-study", exists: false },
    ];
    expect(caseStudyVersions("/work/versions-study")).toEqual(expected);
    expect(caseStudyVersions("/ga/work/leaganacha")).toEqual(expected);
    expect(caseStudyVersions("/ga/work/versions-study")).toBeUndefined();
    expect(caseStudyVersions("/about")).toBeUndefined();
    expect(translatedCaseStudyPages("ga").map((page) => page.path)).toContain("/ga/work/leaganacha");
    expect(translatedCaseStudyPages("en")).toEqual([]);
  });
});
