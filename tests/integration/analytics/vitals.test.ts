import { beforeEach, describe, expect, it } from "vitest";

import {
  analyticsDaily,
  analyticsLive,
  analyticsSalts,
  pageViews,
  pageVitals,
  visits,
  vitalsDaily,
  vitalsLive,
} from "#db/schema";
import {
  flushPageViews,
  forgetSalt,
  recordBeacon,
  recordPageView,
  recordVitals,
} from "~/features/analytics/analytics.server";
import { analyticsReport } from "~/features/analytics/analytics-report.server";
import { rollUpFinishedDays } from "~/features/analytics/analytics-rollup.server";
import { OTHER, VALUES_PER_DAY } from "~/features/analytics/values-per-day";
import type { Measured } from "~/features/analytics/vitals/measured";
import { getDb } from "~/platform/db.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { CHROME, IPHONE, SITE } from "./visitors";

/** A visitor (their own address) who opens `page` and, when they leave it, sends its vitals. */
function visit(page: string, measured: Measured[], { n = 0, userAgent = CHROME, at = new Date() } = {}) {
  const client = { ip: `203.0.113.${n % 250}`, userAgent, siteHost: SITE };
  recordPageView({ ...client, url: page, referrer: "" }, at);
  flushPageViews();
  recordVitals(page, measured, client, at);
  flushPageViews();
}

const period = (days = 30) => {
  const to = dublinDay(new Date());
  return { from: addDays(to, -(days - 1)), to };
};

beforeEach(() => {
  const db = getDb();
  for (const table of [
    pageVitals,
    vitalsDaily,
    vitalsLive,
    pageViews,
    visits,
    analyticsDaily,
    analyticsLive,
    analyticsSalts,
  ])
    db.delete(table).run();
  forgetSalt();
});

describe("a page's Web Vitals", () => {
  it("are kept with the visitor's view of the page, and a page's last values are the ones kept", () => {
    visit("/services/seo?utm_source=newsletter", [
      ["LCP", 1830.4, "img.hero"],
      ["CLS", 0.02],
    ]);
    const client = { ip: "203.0.113.0", userAgent: CHROME, siteHost: SITE };
    recordVitals("/services/seo", [["CLS", 0.31, "div.banner"]], client);
    flushPageViews();
    const view = getDb().select().from(pageViews).get()!;
    expect(view.path).toBe("/services/seo");
    const rows = getDb().select().from(pageVitals).all();
    expect(rows.map(({ pageViewId, vital, value, cause }) => ({ pageViewId, vital, value, cause }))).toEqual([
      { pageViewId: view.id, vital: "LCP", value: 1830.4, cause: "img.hero" },
      { pageViewId: view.id, vital: "CLS", value: 0.31, cause: "div.banner" },
    ]);
  });

  it("are dropped for a page the visitor was not counted on: another page, a bot, another visitor", () => {
    visit("/about", [["LCP", 900]]);
    const client = { ip: "203.0.113.0", userAgent: CHROME, siteHost: SITE };
    recordVitals("/contact", [["LCP", 900]], client);
    recordVitals("/about", [["LCP", 900]], { ...client, ip: "198.51.100.9" });
    recordVitals("/about", [["LCP", 900]], {
      ...client,
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    recordVitals("/admin", [["LCP", 900]], client);
    flushPageViews();
    expect(getDb().select().from(pageVitals).all()).toHaveLength(1);
  });

  it("are refused, with what is wrong, when a name is unknown or a value is not a measurement", () => {
    const client = { ip: "203.0.113.0", userAgent: CHROME, siteHost: SITE };
    const refused = (m: unknown) => recordBeacon(JSON.stringify({ p: "/", m }), client);
    expect(refused([["LCP", 1200, "img.hero"]])).toBeNull();
    expect(refused([["FID", 12]])).toMatch(/^m\.0\.0: a vital is one of LCP, INP, CLS, FCP, TTFB/);
    expect(refused([["LCP", -1]])).toBe("m.0.1: a value is 0 or more");
    expect(refused([["LCP", 120_001]])).toBe("m.0.1: LCP is at most 120000");
    expect(refused([["CLS", 11]])).toBe("m.0.1: CLS is at most 10");
    expect(refused([["LCP", "1200"]])).toBe("m.0.1: a value is a number");
    expect(refused([["LCP", null]])).toBe("m.0.1: a value is a number");
    expect(
      refused([
        ["LCP", 1],
        ["LCP", 2],
      ]),
    ).toBe("m.1.0: LCP is sent twice");
    expect(refused([["LCP", 1, "x".repeat(101)]])).toBe("m.0.2: a cause is at most 100 characters");
    expect(refused([["LCP", 1, "img\u0000"]])).toBe("m.0.2: a cause has no control characters");
    expect(refused([])).toBe("m: send at least one vital");
    expect(refused("LCP")).toMatch(/^m: /);
    // 1e999 is JSON for Infinity.
    expect(recordBeacon('{"p": "/", "m": [["LCP", 1e999]]}', client)).toMatch(/^m\.0\.1: /);
    expect(recordBeacon('{"p": 5, "m": [["LCP", 1]]}', client)).toMatch(/^Send a page view/);
    expect(recordBeacon("{", client)).toMatch(/^Send a page view/);
  });
});

describe("a Web Vitals cause", () => {
  it("is refused with a bidirectional control character that would turn the admin's text around", () => {
    const client = { ip: "203.0.113.0", userAgent: CHROME, siteHost: SITE };
    const sent = (cause: string) =>
      recordBeacon(JSON.stringify({ p: "/", m: [["LCP", 1200, cause]] }), client);
    for (const control of [
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ])
      expect(sent(`img${control}gnp.exe`)).toBe("m.0.2: a cause has no control characters");
    // Right-to-left text itself is a name like any other.
    expect(sent("img “صورة الفريق”")).toBeNull();
  });
});

describe("the owner's figures", () => {
  it("give p75 per vital with Google's verdict, phone and desktop apart, and the cause of a poor page", () => {
    const slow = [1200, 2600, 4600, 5200, 6100, 7000];
    slow.forEach((lcp, n) =>
      visit(
        "/work",
        [
          ["LCP", lcp, lcp > 4000 ? "img.case-cover" : "h1"],
          ["INP", 90, "button.filter (click)"],
          ["CLS", 0.01],
        ],
        {
          n,
          userAgent: IPHONE,
        },
      ),
    );
    for (let n = 10; n < 16; n++)
      visit(
        "/",
        [
          ["LCP", 900],
          ["INP", 40],
          ["CLS", 0.3, "section.hero"],
          ["FCP", 600],
          ["TTFB", 120],
        ],
        { n },
      );
    const { vitals } = analyticsReport(period());

    const work = vitals.pages.find((page) => page.path === "/work")!;
    expect(work.phone.LCP).toEqual({ p75: 6100, verdict: "poor", n: 6, cause: "img.case-cover" });
    expect(work.phone.INP).toEqual({ p75: 90, verdict: "good", n: 6 });
    expect(work.desktop.LCP).toEqual({ p75: null, verdict: null, n: 0 });
    expect(work.views).toBe(6);

    const home = vitals.pages.find((page) => page.path === "/")!;
    // Read from its bucket, (0.29, 0.3]: within a tenth, as every p75 is.
    expect(home.desktop.CLS).toEqual({ p75: 0.298, verdict: "poor", n: 6, cause: "section.hero" });
    expect(home.LCP).toMatchObject({ p75: 898, verdict: "good" });

    expect(vitals.phone.LCP).toMatchObject({ verdict: "poor", n: 6 });
    expect(vitals.desktop.LCP).toMatchObject({ verdict: "good", n: 6 });
    expect(vitals.LCP).toMatchObject({ p75: 4600, verdict: "poor", n: 12 });
    expect(vitals.thresholds.LCP).toEqual({ good: 2500, poor: 4000 });
    const today = vitals.trend.at(-1)!;
    expect(today.to).toBe(period().to);
    expect(today.phone.LCP.verdict).toBe("poor");
  });

  it("say 'not enough data' below five measurements", () => {
    for (let n = 0; n < 4; n++) visit("/about", [["LCP", 800]], { n });
    const { vitals } = analyticsReport(period());
    expect(vitals.LCP).toEqual({ p75: null, verdict: null, n: 4 });
    expect(vitals.enough).toBe(5);
  });

  it("are the same after the days are rolled up into histograms, and the raw values go after three days", () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const lcps = [700, 1900, 2450, 2550, 3999, 4100, 9000, 1300];
    lcps.forEach((lcp, n) =>
      visit(
        n % 2 ? "/blog" : "/contact",
        [
          ["LCP", lcp, "p.lead"],
          ["INP", lcp / 20, "a.more (click)"],
          ["CLS", lcp / 40_000],
        ],
        {
          n,
          userAgent: n % 3 ? CHROME : IPHONE,
          at: yesterday,
        },
      ),
    );
    const before = analyticsReport(period(7)).vitals;
    expect(rollUpFinishedDays()).toBe(1);
    expect(getDb().select().from(vitalsDaily).all().length).toBeGreaterThan(0);
    expect(analyticsReport(period(7)).vitals).toEqual(before);

    rollUpFinishedDays(new Date(Date.now() + 3 * 86_400_000));
    expect(getDb().select().from(pageVitals).all()).toEqual([]);
    expect(analyticsReport(period(7)).vitals).toEqual(before);
  });

  it("keep a day's most measured pages by name and the rest together, however many pages a beacon makes up", () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    for (let n = 0; n < VALUES_PER_DAY + 20; n++)
      visit(`/made-up-${n}`, [["LCP", 1000]], { n: n % 200, at: yesterday });
    rollUpFinishedDays();
    const pages = getDb()
      .select({ page: vitalsDaily.page })
      .from(vitalsDaily)
      .all()
      .filter((row) => row.page !== "*");
    expect(pages).toHaveLength(VALUES_PER_DAY + 1);
    expect(pages.map((row) => row.page)).toContain(OTHER);
  });
});
