import { randomUUID } from "node:crypto";

import { beforeEach, describe, expect, it } from "vitest";

import {
  analyticsDaily,
  analyticsLive,
  analyticsSalts,
  type Attribution,
  enquiries,
  pageViews,
  visits,
} from "#db/schema";
import { flushPageViews, forgetSalt, recordPageView } from "~/features/analytics/analytics.server";
import { analyticsReport } from "~/features/analytics/analytics-report.server";
import { figuresOfDay, rollUpFinishedDays } from "~/features/analytics/analytics-rollup.server";
import { OTHER, VALUES_PER_DAY } from "~/features/analytics/values-per-day";
import { getDb } from "~/platform/db.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { CHROME, SITE } from "./visitors";

const today = dublinDay(new Date());
const yesterday = addDays(today, -1);

beforeEach(() => {
  const db = getDb();
  for (const table of [pageViews, visits, analyticsDaily, analyticsLive, analyticsSalts, enquiries])
    db.delete(table).run();
  forgetSalt();
});

/** One visit of one page from its own address, at noon on `day`. */
function visit(day: string, n: number, url: string, referrer = "") {
  recordPageView(
    { url, referrer, ip: `10.9.${n >> 8}.${n & 255}`, userAgent: CHROME, siteHost: SITE },
    new Date(`${day}T12:00:00Z`),
  );
}

describe("a day's values per dimension", () => {
  it("keeps the most visited values and counts the rest as (other), raw and rolled up", () => {
    const flood = VALUES_PER_DAY + 50;
    for (let i = 0; i < flood; i++)
      visit(
        yesterday,
        i,
        `/flood-${i}?utm_campaign=flood-${String(i).padStart(3, "0")}`,
        `https://spam-${i}.example/`,
      );
    for (let i = 0; i < 3; i++) visit(yesterday, 1000 + i, "/services/seo?utm_campaign=spring");
    flushPageViews();

    const raw = figuresOfDay(yesterday);
    const campaigns = raw.filter((row) => row.dimension === "campaign");
    expect(campaigns).toHaveLength(VALUES_PER_DAY + 1);
    expect(campaigns.find((row) => row.value === "spring")).toMatchObject({
      visits: 3,
      visitors: 3,
      views: 3,
    });
    // spring, then the first 99 flood campaigns seen; the other 51 are one row.
    expect(campaigns.find((row) => row.value === OTHER)).toMatchObject({
      visits: 51,
      visitors: 51,
      views: 51,
    });
    expect(campaigns.some((row) => row.value === "flood-098")).toBe(true);
    expect(campaigns.some((row) => row.value === "flood-099")).toBe(false);
    for (const dimension of ["page", "landing", "referrer"]) {
      const rows = raw.filter((row) => row.dimension === dimension);
      expect(rows).toHaveLength(VALUES_PER_DAY + 1);
      expect(rows.reduce((sum, row) => sum + row.visits, 0)).toBe(
        flood + 3 - (dimension === "referrer" ? 3 : 0),
      );
    }
    expect(raw.find((row) => row.dimension === "total")).toMatchObject({
      visits: flood + 3,
      views: flood + 3,
    });

    expect(rollUpFinishedDays()).toBe(1);
    const rolled = getDb().select().from(analyticsDaily).all();
    expect(rolled.filter((row) => row.dimension === "campaign")).toHaveLength(VALUES_PER_DAY + 1);
    expect(rolled.find((row) => row.dimension === "campaign" && row.value === OTHER)?.visits).toBe(51);

    const report = analyticsReport({ from: yesterday, to: yesterday });
    expect(report.summary).toMatchObject({ visits: flood + 3, views: flood + 3 });
    expect(report.campaigns[0]).toMatchObject({ value: OTHER, visits: 51 });
    expect(report.campaigns[1]).toMatchObject({ value: "spring", visits: 3 });
    expect(report.campaigns).toHaveLength(10);
  });

  it("counts a value that is itself called (other) with the rest", () => {
    for (let i = 0; i <= VALUES_PER_DAY; i++) visit(yesterday, i, `/?utm_campaign=c-${i}`);
    visit(yesterday, 999, `/?utm_campaign=${encodeURIComponent(OTHER)}`);
    flushPageViews();
    expect(rollUpFinishedDays()).toBe(1);
    const other = getDb()
      .select()
      .from(analyticsDaily)
      .all()
      .filter((row) => row.dimension === "campaign" && row.value === OTHER);
    expect(other).toEqual([expect.objectContaining({ visits: 2, visitors: 2 })]);
  });
});

describe("the report with many values", () => {
  it("lists the same values and figures as summing every row would", () => {
    // 40 days of 300 campaigns, pages and referrers each, their visits varying by value and day.
    const days = Array.from({ length: 40 }, (_, i) => addDays(yesterday, -i));
    const rows: (typeof analyticsDaily.$inferInsert)[] = [];
    for (const [d, day] of days.entries()) {
      rows.push({ day, dimension: "total", value: "", visitors: 5000, visits: 6000, views: 9000 });
      for (let v = 0; v < 300; v++) {
        const visits = ((v * 7919 + d * 104729) % 997) + 1;
        const figures = { visitors: visits, visits, views: visits * 2 + (v % 3) };
        rows.push({ day, dimension: "campaign", value: `campaign-${v}`, ...figures });
        rows.push({ day, dimension: "referrer", value: `https://site-${v}.example/`, ...figures });
        rows.push({ day, dimension: "page", value: v % 2 ? `/blog/post-${v}` : `/page-${v}`, ...figures });
      }
      rows.push({ day, dimension: "device", value: "mobile", visitors: 10, visits: 10, views: 10 });
    }
    // A campaign with as many visits as the tenth, after it by name: its enquiry puts it ahead.
    const tenth = [
      ...rows
        .filter((row) => row.dimension === "campaign")
        .reduce(
          (sums, row) => sums.set(row.value, (sums.get(row.value) ?? 0) + row.visits),
          new Map<string, number>(),
        )
        .values(),
    ].sort((a, b) => b - a)[9]!;
    rows.push({
      day: yesterday,
      dimension: "campaign",
      value: "zz-tied",
      visitors: tenth,
      visits: tenth,
      views: tenth,
    });
    for (let i = 0; i < rows.length; i += 500)
      getDb()
        .insert(analyticsDaily)
        .values(rows.slice(i, i + 500))
        .run();
    // Enquiries from a few campaigns, one of them with no visits at all, each sent in a visit of its own.
    let visitId = 0;
    const enquiry = (campaign: string, pages: string[]) =>
      getDb()
        .insert(enquiries)
        .values({
          id: randomUUID(),
          name: "N",
          email: "n@example.ie",
          goals: "Hello there.",
          attribution: {
            source: "newsletter",
            medium: "email",
            campaign,
            referrer: null,
            landingPage: "/",
          } satisfies Attribution,
          visitPages: pages,
          visitId: ++visitId,
          createdAt: new Date(`${yesterday}T12:00:00Z`),
        })
        .run();
    for (const campaign of ["campaign-5", "campaign-5", "campaign-17", "never-visited", "zz-tied"])
      enquiry(campaign, ["/", "/blog/post-5"]);

    const period = { from: days.at(-1)!, to: yesterday };
    const report = analyticsReport(period);

    const summed = (dimension: string) => {
      const byValue = new Map<string, { visitors: number; visits: number; views: number }>();
      for (const row of rows.filter((r) => r.dimension === dimension)) {
        const sum = byValue.get(row.value) ?? { visitors: 0, visits: 0, views: 0 };
        byValue.set(row.value, {
          visitors: sum.visitors + row.visitors,
          visits: sum.visits + row.visits,
          views: sum.views + row.views,
        });
      }
      return byValue;
    };
    const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const campaigns = summed("campaign");
    const counts = new Map([
      ["campaign-5", 2],
      ["campaign-17", 1],
      ["never-visited", 1],
      ["zz-tied", 1],
    ]);
    const expected = [...new Set([...campaigns.keys(), ...counts.keys()])]
      .map((value) => {
        const visits = campaigns.get(value)?.visits ?? 0;
        const enquiries = counts.get(value) ?? 0;
        return {
          value,
          visitors: campaigns.get(value)?.visitors ?? 0,
          visits,
          enquiries,
          conversionRate: visits ? Math.round((enquiries / visits) * 100_000) / 100_000 : 0,
        };
      })
      .sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries || order(a.value, b.value))
      .slice(0, 10);
    expect(report.campaigns).toEqual(expected);
    expect(report.campaigns.map((row) => row.value)).toContain("zz-tied");

    const pages = [...summed("page")].sort(([a, x], [b, y]) => y.views - x.views || order(a, b));
    expect(report.pages).toEqual(
      pages.slice(0, 10).map(([path, { views, visitors }]) => ({ path, views, visitors })),
    );
    expect(report.posts).toEqual(
      pages
        .filter(([path]) => path.startsWith("/blog/"))
        .slice(0, 10)
        .map(([path, { views, visitors }]) => ({
          path,
          title: null,
          views,
          visitors,
          enquiries: path === "/blog/post-5" ? 5 : 0,
        })),
    );
    expect(report.referrers).toHaveLength(10);
    expect(report.summary).toMatchObject({
      visitors: 200_000,
      visits: 240_000,
      views: 360_000,
      enquiries: 5,
    });
    expect(report.devices).toEqual([{ device: "mobile", visits: 400, share: 1 }]);
  });
});
