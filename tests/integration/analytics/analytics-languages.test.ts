// Analytics per language: a visit's language is its landing page's (/ga/… Irish), counted as the page
// views arrive; the report for all languages is the site's as before, a report for one language has
// only its visits and their enquiries, and the Languages breakdown gives each language's visits,
// enquiries and conversion. The same figures before and after a day is rolled up.
import { beforeEach, describe, expect, it } from "vitest";

import { analyticsDaily, analyticsLive, analyticsSalts, enquiries, pageViews, visits } from "#db/schema";
import {
  currentVisit,
  flushPageViews,
  forgetSalt,
  recordPageView,
} from "~/features/analytics/analytics.server";
import { analyticsReport, languageFilterOf } from "~/features/analytics/analytics-report.server";
import { rollUpFinishedDays } from "~/features/analytics/analytics-rollup.server";
import { storeEnquiry } from "~/features/enquiries/index.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { getDb } from "~/platform/db.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { CHROME, SITE } from "./visitors";

const MIN = 60_000;
const view = (url: string, ip: string, at: Date) => {
  recordPageView({ url, referrer: "", ip, userAgent: CHROME, siteHost: SITE }, at);
  flushPageViews();
};

beforeEach(() => {
  const db = getDb();
  for (const table of [pageViews, visits, analyticsDaily, analyticsLive, analyticsSalts, enquiries])
    db.delete(table).run();
  forgetSalt();
});

/** Yesterday: an Irish visit of three pages that enquires, an Irish one from the newsletter, an English one. */
async function yesterdaysVisits() {
  const day = addDays(dublinDay(new Date()), -1);
  const at = new Date(`${day}T12:00:00Z`);
  view("/ga", "10.0.0.1", at);
  view("/ga/contact", "10.0.0.1", new Date(at.getTime() + MIN));
  // A page in English within the Irish visit counts for Irish: the visit's language is where it landed.
  view("/about", "10.0.0.1", new Date(at.getTime() + 2 * MIN));
  const visit = currentVisit({ ip: "10.0.0.1", userAgent: CHROME }, new Date(at.getTime() + 3 * MIN));
  await storeEnquiry(
    { name: "Niamh", email: "niamh@example.ie", budget: null, goals: "Suíomh nua." },
    { visit, lang: "ga" },
  );
  // From the API in Irish, in no counted visit: an Irish enquiry, converting no visit.
  await storeEnquiry(
    { name: "Seán", email: "sean@example.ie", budget: null, goals: "Fógraí." },
    { lang: "ga" },
  );
  view("/ga/blog/dia-duit?utm_source=newsletter", "10.0.0.2", at);
  view("/services/seo", "10.0.0.3", at);
  getDb()
    .update(enquiries)
    .set({ createdAt: new Date(at.getTime() + 4 * MIN) })
    .run();
  return { from: day, to: day };
}

describe("analytics per language", () => {
  it("reports every language, each one's visits alone, and a Languages breakdown, the same once rolled up", async () => {
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    const period = await yesterdaysVisits();
    const reports = () => ({
      all: analyticsReport(period),
      ga: analyticsReport(period, "ga"),
      en: analyticsReport(period, "en"),
    });
    const live = reports();
    // Only the other languages' figures are copied: the default language's are the rest.
    const copies = getDb()
      .selectDistinct({ dimension: analyticsLive.dimension })
      .from(analyticsLive)
      .all()
      .map((row) => row.dimension)
      .filter((dimension) => dimension.includes("@"));
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((dimension) => dimension.endsWith("@ga"))).toBe(true);

    const { all, ga, en } = live;
    expect(all.summary).toEqual({ visitors: 3, visits: 3, views: 5, enquiries: 2, conversionRate: 0.33333 });
    expect(all.language).toBeNull();
    // The languages' own rows never show among the whole site's values.
    expect(JSON.stringify(all)).not.toContain("@");
    expect(all.languages).toEqual([
      { value: "ga", visitors: 2, visits: 2, enquiries: 2, conversionRate: 0.5 },
      { value: "en", visitors: 1, visits: 1, enquiries: 0, conversionRate: 0 },
    ]);

    expect(ga.language).toBe("ga");
    expect(ga.summary).toEqual({ visitors: 2, visits: 2, views: 4, enquiries: 2, conversionRate: 0.5 });
    expect(ga.pages.map((page) => page.path).sort()).toEqual([
      "/about",
      "/ga",
      "/ga/blog/dia-duit",
      "/ga/contact",
    ]);
    expect(ga.sources.map((row) => [row.value, row.visits, row.enquiries])).toEqual([
      ["Direct", 1, 1],
      ["newsletter", 1, 0],
      ["Unknown", 0, 1],
    ]);
    expect(ga.posts.map((post) => post.path)).toEqual(["/ga/blog/dia-duit"]);
    expect(ga.series.find((day) => day.day === period.from)).toMatchObject({
      visitors: 2,
      views: 4,
      enquiries: 2,
    });
    // Every language's breakdown whatever the filter.
    expect(ga.languages).toEqual(all.languages);

    expect(en.summary).toEqual({ visitors: 1, visits: 1, views: 1, enquiries: 0, conversionRate: 0 });
    expect(en.pages.map((page) => page.path)).toEqual(["/services/seo"]);

    expect(rollUpFinishedDays()).toBe(1);
    expect(reports()).toEqual(live);
  });

  it("counts a site in one language as before, with its one language in the breakdown", async () => {
    saveSiteLanguages({ default: "en", languages: ["en"] });
    const period = await yesterdaysVisits();
    const dimensions = getDb()
      .selectDistinct({ dimension: analyticsLive.dimension })
      .from(analyticsLive)
      .all()
      .map((row) => row.dimension);
    expect(dimensions.filter((dimension) => dimension.includes("@"))).toEqual([]);
    const report = analyticsReport(period);
    expect(report.summary).toMatchObject({ visitors: 3, visits: 3, views: 5 });
    // On a site in English alone, /ga is no language's prefix: every visit is English.
    expect(report.languages).toEqual([
      { value: "en", visitors: 3, visits: 3, enquiries: 2, conversionRate: 0.33333 },
    ]);
  });

  it("reads days counted before the site had other languages as the default language's", async () => {
    saveSiteLanguages({ default: "en", languages: ["en"] });
    const period = await yesterdaysVisits();
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    const all = analyticsReport(period);
    const english = analyticsReport(period, "en");
    const { visitors, visits, views } = all.summary;
    expect(english.summary).toMatchObject({ visitors, visits, views });
    expect(english.pages).toEqual(all.pages);
    expect(analyticsReport(period, "ga").summary).toMatchObject({ visitors: 0, visits: 0, views: 0 });
  });

  it("filters by one of the site's languages only", () => {
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    expect(languageFilterOf(new URLSearchParams())).toEqual({ lang: null });
    expect(languageFilterOf(new URLSearchParams("lang=ga"))).toEqual({ lang: "ga" });
    expect(languageFilterOf(new URLSearchParams("lang=en"))).toEqual({ lang: "en" });
    for (const query of [
      "lang=de",
      "lang=__proto__",
      "lang=constructor",
      "lang=GA",
      "lang=",
      "lang=ga&lang=en",
    ])
      expect(languageFilterOf(new URLSearchParams(query)), query).toHaveProperty("issues");
  });
});
