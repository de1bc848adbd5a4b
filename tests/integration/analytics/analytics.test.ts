import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

import { analyticsDaily, analyticsLive, analyticsSalts, enquiries, pageViews, visits } from "#db/schema";
import {
  currentVisit,
  flushPageViews,
  forgetSalt,
  recordPageView,
  visitOfEnquiry,
} from "~/features/analytics/analytics.server";
import { analyticsReport, periodOf } from "~/features/analytics/analytics-report.server";
import { RAW_MINUTES, rollUpFinishedDays } from "~/features/analytics/analytics-rollup.server";
import { forgetLandings, LANDING_MINUTES, rememberLanding } from "~/features/analytics/landings.server";
import { attributionOf, deviceOf } from "~/features/analytics/traffic-source";
import { storeEnquiry } from "~/features/enquiries/index.server";
import { getDb } from "~/platform/db.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { CHROME, IPHONE, SITE } from "./visitors";

/** Records a page view and writes it at once (the service batches them for up to 50 ms). */
const view = (url: string, extra: Partial<Parameters<typeof recordPageView>[0]> = {}, at = new Date()) => {
  const counted = recordPageView(
    { url, referrer: "", ip: "203.0.113.7", userAgent: CHROME, siteHost: SITE, ...extra },
    at,
  );
  flushPageViews();
  return counted;
};
const MIN = 60_000;

beforeEach(() => {
  const db = getDb();
  for (const table of [pageViews, visits, analyticsDaily, analyticsLive, analyticsSalts, enquiries])
    db.delete(table).run();
  forgetSalt();
});

describe("where a visit came from", () => {
  it("names sources the way the agency says them", () => {
    const at = (path: string) => new URL(path, "http://x");
    expect(
      attributionOf(at("/?utm_source=Newsletter&utm_medium=Email&utm_campaign=Spring 26"), "", SITE),
    ).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "Spring 26",
      referrer: null,
      landingPage: "/",
    });
    expect(attributionOf(at("/blog/x"), "https://www.google.ie/", SITE)).toMatchObject({
      source: "google",
      medium: "organic",
      referrer: "https://www.google.ie/",
    });
    expect(attributionOf(at("/"), "https://lnkd.in/abc?trk=1", SITE)).toMatchObject({
      source: "linkedin",
      medium: "social",
      referrer: "https://lnkd.in/abc",
    });
    expect(attributionOf(at("/"), "https://www.irishtimes.com/a", SITE)).toMatchObject({
      source: "irishtimes.com",
      medium: "referral",
    });
    // This site's own pages, and nonsense, are no referrer.
    expect(attributionOf(at("/"), `https://${SITE}/about`, SITE)).toMatchObject({
      source: "Direct",
      medium: "none",
    });
    expect(attributionOf(at("/"), "javascript:alert(1)", SITE)).toMatchObject({
      source: "Direct",
      referrer: null,
    });
    expect([deviceOf(IPHONE), deviceOf(CHROME), deviceOf("Mozilla/5.0 (iPad; CPU OS 17_0)")]).toEqual([
      "mobile",
      "desktop",
      "tablet",
    ]);
  });
});

describe("page views", () => {
  it("counts people, not bots or the admin, and stores no address", () => {
    expect(view("/")).toBe(true);
    expect(view("/", { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(false);
    expect(view("/", { userAgent: CHROME.replace("Chrome/", "HeadlessChrome/") })).toBe(false);
    expect(view("/admin/posts")).toBe(false);
    expect(view("/api/blog")).toBe(false);
    // Spelled in other capitals, the site answers them as the admin and the API too.
    expect(view("/Admin/blog")).toBe(false);
    expect(view("/API/blog")).toBe(false);
    expect(view("https://evil.example/")).toBe(false);
    expect(view("//evil.example/")).toBe(false);
    expect(getDb().select().from(pageViews).all()).toHaveLength(1);
    const stored = JSON.stringify(getDb().select().from(visits).all());
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("Chrome");
  });

  it("makes one visit of a visitor's pages, and a new one after 30 minutes or from a new campaign", () => {
    // Midday: a visit is of one Dublin day, and a run just before midnight would cross into the next.
    vi.useFakeTimers({ now: new Date("2026-06-15T11:00:00Z"), toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const start = new Date();
    view("/?utm_source=newsletter&utm_campaign=spring", {}, start);
    view("/services/seo", { referrer: `https://${SITE}/` }, new Date(start.getTime() + 2 * MIN));
    view("/contact", {}, new Date(start.getTime() + 5 * MIN));
    // Another person (another address) is another visitor.
    view("/about", { ip: "198.51.100.2", userAgent: IPHONE }, start);
    expect(getDb().select().from(visits).all()).toHaveLength(2);
    expect(currentVisit({ ip: "203.0.113.7", userAgent: CHROME })).toEqual({
      attribution: {
        source: "newsletter",
        medium: "none",
        campaign: "spring",
        referrer: null,
        landingPage: "/",
      },
      pages: ["/", "/services/seo", "/contact"],
      visitId: expect.any(Number),
      startedAt: start.getTime(),
      lastSeenAt: start.getTime() + 5 * MIN,
    });
    // Back from Google later: a visit of its own.
    view("/blog/a", { referrer: "https://www.google.com/" }, new Date(start.getTime() + 6 * MIN));
    view("/", {}, new Date(start.getTime() + 60 * MIN));
    expect(getDb().select().from(visits).all()).toHaveLength(4);
  });
});

describe("attribution on enquiries", () => {
  it("without JavaScript, puts an enquiry pages later down to the ad the visitor landed from", () => {
    forgetLandings();
    const phone = { ip: "198.51.100.4", userAgent: IPHONE };
    const now = Date.now();
    rememberLanding(
      phone,
      {
        pathAndQuery: "/services/seo?utm_source=google&utm_medium=cpc&utm_campaign=spring",
        referrer: "",
        siteHost: SITE,
      },
      now,
    );
    // A page reached from inside the site is not a landing: the ad's stays.
    rememberLanding(
      phone,
      { pathAndQuery: "/about", referrer: `https://${SITE}/services/seo`, siteHost: SITE },
      now,
    );
    // The form knows only the page before /contact.
    const came = { landing: "/about", referrer: "" };
    expect(visitOfEnquiry({ ...phone, siteHost: SITE, came })).toEqual({
      attribution: {
        source: "google",
        medium: "cpc",
        campaign: "spring",
        referrer: null,
        landingPage: "/services/seo",
      },
      pages: ["/services/seo"],
      visitId: null,
    });
    // Another browser at the same address is someone else; a crawler is never remembered.
    expect(
      visitOfEnquiry({ ip: phone.ip, userAgent: CHROME, siteHost: SITE, came })?.attribution.source,
    ).toBe("Direct");
    rememberLanding(
      { ip: "198.51.100.5", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      { pathAndQuery: "/?utm_source=x", referrer: "", siteHost: SITE },
    );
    expect(
      visitOfEnquiry({
        ip: "198.51.100.5",
        userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
        siteHost: SITE,
        came,
      })?.attribution.source,
    ).toBe("Direct");
    forgetLandings();
  });

  it("forgets a landing after an hour", () => {
    forgetLandings();
    const client = { ip: "198.51.100.6", userAgent: CHROME };
    const at = Date.now() - (LANDING_MINUTES + 1) * MIN;
    rememberLanding(
      client,
      { pathAndQuery: "/", referrer: "https://www.linkedin.com/feed/", siteHost: SITE },
      at,
    );
    expect(
      visitOfEnquiry({ ...client, siteHost: SITE, came: { landing: "/contact", referrer: "" } })?.attribution
        .source,
    ).toBe("Direct");
  });

  it("does not give a campaign to someone else with the same address and phone who came in by themselves", () => {
    forgetLandings();
    const shared = { ip: "203.0.113.90", userAgent: CHROME };
    const came = { landing: "/contact", referrer: "" };
    // The first person, from an ad, with JavaScript: their visit is counted from the beacon.
    const start = Date.now() - 5 * MIN;
    rememberLanding(
      shared,
      { pathAndQuery: "/services/seo?utm_source=google&utm_medium=cpc", referrer: "", siteHost: SITE },
      start - 1000,
    );
    view("/services/seo?utm_source=google&utm_medium=cpc", shared, new Date(start));
    expect(visitOfEnquiry({ ...shared, siteHost: SITE, came })?.attribution.source).toBe("google");
    // A minute later a second person on the same network, same phone, types the blog's address.
    rememberLanding(shared, { pathAndQuery: "/blog", referrer: "", siteHost: SITE }, start + MIN);
    view("/blog", shared, new Date(start + MIN + 500));
    view("/contact", shared, new Date(start + 2 * MIN));
    // Once their enquiry was filed google / cpc.
    expect(visitOfEnquiry({ ...shared, siteHost: SITE, came })?.attribution).toMatchObject({
      source: "Direct",
      landingPage: "/blog",
    });
    forgetLandings();
  });

  it("takes the sender's visit of today, else what the contact page knew, else nothing", async () => {
    view("/services/ppc?utm_source=google&utm_medium=cpc&utm_campaign=brand");
    view("/contact");
    const visit = visitOfEnquiry({
      ip: "203.0.113.7",
      userAgent: CHROME,
      siteHost: SITE,
      came: { landing: "/contact", referrer: "" },
    });
    const enquiry = await storeEnquiry(
      { name: "Aoife", email: "aoife@example.ie", budget: null, goals: "PPC for the clinics." },
      { visit },
    );
    expect(enquiry.attribution).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "brand",
      referrer: null,
      landingPage: "/services/ppc",
    });
    expect(enquiry.visitPages).toEqual(["/services/ppc", "/contact"]);

    // No beacon (JavaScript off): the page's own address and referrer.
    expect(
      visitOfEnquiry({
        ip: "192.0.2.1",
        userAgent: CHROME,
        siteHost: SITE,
        came: { landing: "/contact?utm_source=linkedin&utm_campaign=launch", referrer: "" },
      }),
    ).toEqual({
      attribution: {
        source: "linkedin",
        medium: "none",
        campaign: "launch",
        referrer: null,
        landingPage: "/contact",
      },
      pages: ["/contact"],
      visitId: null,
    });
    expect(
      visitOfEnquiry({
        ip: "192.0.2.1",
        userAgent: CHROME,
        siteHost: SITE,
        came: { landing: "x", referrer: "" },
      }),
    ).toBeNull();
  });
});

describe("roll-ups and the report", () => {
  it("rolls finished days up, keeps raw events an hour, and reports the same figures either way", async () => {
    const today = dublinDay(new Date());
    const days = [-4, -1, 0].map((n) => addDays(today, n));
    // Two visitors a day: a campaign visit of two pages that enquires, and a direct one on a post.
    for (const [i, day] of days.entries()) {
      const at = new Date(`${day}T12:00:00Z`);
      forgetSalt();
      getDb().delete(analyticsSalts).run();
      view("/?utm_source=newsletter&utm_campaign=spring", { ip: `10.0.0.${i}` }, at);
      view("/contact", { ip: `10.0.0.${i}` }, new Date(at.getTime() + MIN));
      const visitId = getDb().select({ id: visits.id }).from(visits).orderBy(desc(visits.id)).get()!.id;
      view("/blog/seo-basics", { ip: `10.0.1.${i}`, userAgent: IPHONE }, at);
      await storeEnquiry(
        { name: `N${i}`, email: `n${i}@example.ie`, budget: null, goals: "Hello there." },
        {
          visit: {
            attribution: {
              source: "newsletter",
              medium: "email",
              campaign: "spring",
              referrer: null,
              landingPage: "/",
            },
            pages: ["/", "/blog/seo-basics", "/contact"],
            visitId,
          },
        },
      );
      getDb()
        .update(enquiries)
        .set({ createdAt: new Date(at.getTime() + 2 * MIN) })
        .where(eq(enquiries.name, `N${i}`))
        .run();
    }
    const period = { from: days[0]!, to: today };
    const before = analyticsReport(period);

    expect(rollUpFinishedDays()).toBe(2);
    expect(rollUpFinishedDays()).toBe(0);
    // Raw events go an hour after the visit's last page view (the figures were counted as they came):
    // the earlier days' are gone, today's noon only if noon is over an hour ago.
    const rawLeft = getDb().select().from(visits).all();
    expect(
      rawLeft.every((v) => v.day === today && v.lastSeenAt.getTime() >= Date.now() - RAW_MINUTES * MIN),
    ).toBe(true);
    const after = analyticsReport(period);
    expect(after).toEqual(before);

    expect(after.summary).toEqual({ visitors: 6, visits: 6, views: 9, enquiries: 3, conversionRate: 0.5 });
    expect(after.series.filter((d) => d.visitors > 0).map((d) => [d.day, d.visitors, d.enquiries])).toEqual(
      days.map((day) => [day, 2, 1]),
    );
    expect(after.sources).toEqual([
      { value: "newsletter", visitors: 3, visits: 3, enquiries: 3, conversionRate: 1 },
      { value: "Direct", visitors: 3, visits: 3, enquiries: 0, conversionRate: 0 },
    ]);
    expect(after.campaigns).toEqual([
      { value: "spring", visitors: 3, visits: 3, enquiries: 3, conversionRate: 1 },
    ]);
    expect(after.posts).toEqual([
      { path: "/blog/seo-basics", title: null, views: 3, visitors: 3, enquiries: 3 },
    ]);
    expect(after.devices).toEqual([
      { device: "desktop", visits: 3, share: 0.5 },
      { device: "mobile", visits: 3, share: 0.5 },
    ]);
    expect(after.previous).toMatchObject({ visitors: 0, enquiries: 0 });
  });

  it("lists the pages that linked here, with their enquiries", async () => {
    const article = "https://www.irishtimes.com/business/dublin-agencies";
    view("/work", { referrer: `${article}?utm_content=x` });
    view("/contact");
    const visit = currentVisit({ ip: "203.0.113.7", userAgent: CHROME });
    await storeEnquiry(
      { name: "R", email: "r@example.ie", budget: null, goals: "Saw you in the paper." },
      { visit },
    );
    const today = dublinDay(new Date());
    expect(analyticsReport({ from: today, to: today }).referrers).toEqual([
      { value: article, visitors: 1, visits: 1, enquiries: 1, conversionRate: 1 },
    ]);
  });

  it("reads a period from a query, and refuses a bad one", () => {
    const today = "2026-11-23";
    expect(periodOf(new URLSearchParams(), today)).toEqual({
      period: { from: "2026-10-25", to: today },
      preset: "30d",
    });
    expect(periodOf(new URLSearchParams("period=7d"), today)).toMatchObject({
      period: { from: "2026-11-17" },
    });
    expect(periodOf(new URLSearchParams("from=2026-01-01&to=2026-01-31"), today)).toEqual({
      period: { from: "2026-01-01", to: "2026-01-31" },
      preset: null,
    });
    expect(periodOf(new URLSearchParams("from=2026-02-30"), today)).toMatchObject({
      issues: [{ path: "from", message: "must be a date (YYYY-MM-DD)" }],
    });
    expect(periodOf(new URLSearchParams("from=2026-03-01&to=2026-01-01"), today)).toMatchObject({
      issues: [{ path: "from", message: "from must not be after to" }],
    });
    expect(periodOf(new URLSearchParams("period=forever"), today)).toMatchObject({
      issues: [{ path: "period" }],
    });
  });
});

describe("the conversion rate", () => {
  it("is visits that sent an enquiry ÷ visits: two enquiries from one visit, one without JavaScript and one from the API make 100%, not 300%", async () => {
    expect(view("/contact")).toBe(true);
    const sender = { ip: "203.0.113.7", userAgent: CHROME, siteHost: SITE };
    const came = { landing: "/contact", referrer: "" };
    const enquire = (name: string, visit: ReturnType<typeof visitOfEnquiry> | undefined) =>
      storeEnquiry(
        { name, email: `${name.length}@example.ie`, budget: null, goals: `${name}: a new website.` },
        { visit },
      );
    await enquire("First", visitOfEnquiry({ ...sender, came }));
    await enquire("Second thoughts", visitOfEnquiry({ ...sender, came }));
    // Someone else, JavaScript off: their visit was never counted.
    await enquire("No script", visitOfEnquiry({ ip: "192.0.2.9", userAgent: IPHONE, siteHost: SITE, came }));
    await enquire("From the API", undefined);
    const today = dublinDay(new Date());
    const report = analyticsReport({ from: today, to: today });
    expect(report.summary).toMatchObject({ visits: 1, enquiries: 4, conversionRate: 1 });
    expect(report.sources).toEqual([
      { value: "Direct", visitors: 1, visits: 1, enquiries: 3, conversionRate: 1 },
      { value: "Unknown", visitors: 0, visits: 0, enquiries: 1, conversionRate: 0 },
    ]);
    expect(report.landingPages.every((row) => row.conversionRate <= 1)).toBe(true);
  });
});

describe("whose visit an enquiry is put down to", () => {
  const phone = { ip: "198.51.100.20", userAgent: IPHONE };
  const fromTheAd = {
    pathAndQuery: "/services/ppc?utm_source=google&utm_medium=cpc&utm_campaign=brand",
    referrer: "https://www.google.com/",
    siteHost: SITE,
  };
  const ad = {
    source: "google",
    medium: "cpc",
    campaign: "brand",
    referrer: "https://www.google.com/",
    landingPage: "/services/ppc",
  };
  /** The form's enquiry, the page before /contact being `before`. */
  const enquiryVisit = (before = "/services/ppc") =>
    visitOfEnquiry({ ...phone, siteHost: SITE, came: { landing: before, referrer: "" } });
  const at = (time: string) => {
    const moment = new Date(`2026-06-15T${time}:00Z`);
    vi.setSystemTime(moment);
    return moment;
  };

  beforeEach(() => {
    forgetLandings();
    vi.useFakeTimers({ now: new Date("2026-06-15T09:00:00Z"), toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
      forgetLandings();
    });
  });

  it("a visitor back from an ad without JavaScript, hours after a visit with it, is put down to the ad", () => {
    view("/", { ...phone }, at("10:00"));
    rememberLanding(phone, fromTheAd, at("14:00").getTime());
    at("14:05");
    expect(enquiryVisit()).toEqual({ attribution: ad, pages: ["/services/ppc"], visitId: null });
  });

  it("an arrival from an ad since the last counted page of a visit still going wins over that visit", () => {
    view("/about", { ...phone }, at("10:00"));
    rememberLanding(phone, fromTheAd, at("10:10").getTime());
    at("10:12");
    expect(enquiryVisit()?.attribution).toEqual(ad);
    // With JavaScript the ad's page is counted after its arrival: the enquiry is that counted visit's.
    view(
      "/services/ppc?utm_source=google&utm_medium=cpc&utm_campaign=brand",
      {
        ...phone,
        referrer: "https://www.google.com/",
      },
      at("10:13"),
    );
    expect(enquiryVisit()).toEqual({
      attribution: ad,
      pages: ["/services/ppc"],
      visitId: expect.any(Number),
    });
  });

  it("a second person with the same address and phone, arriving straight after, does not inherit the campaign", () => {
    rememberLanding(phone, fromTheAd, at("11:00").getTime());
    // Someone else on the office Wi-Fi with the same phone types the address (no JavaScript).
    rememberLanding(phone, { pathAndQuery: "/contact", referrer: "", siteHost: SITE }, at("11:20").getTime());
    at("11:22");
    expect(enquiryVisit("/contact")?.attribution).toEqual({
      source: "Direct",
      medium: "none",
      campaign: null,
      referrer: null,
      landingPage: "/contact",
    });
    // Nor with the first person's counted campaign visit before their arrival.
    view(
      "/services/ppc?utm_source=google&utm_medium=cpc&utm_campaign=brand",
      {
        ...phone,
        referrer: "https://www.google.com/",
      },
      at("11:30"),
    );
    rememberLanding(phone, { pathAndQuery: "/about", referrer: "", siteHost: SITE }, at("11:40").getTime());
    at("11:41");
    expect(enquiryVisit("/about")?.attribution.source).toBe("Direct");
    // Files asked for without a referrer (the icon, the feed) are no one's arrival.
    rememberLanding(phone, fromTheAd, at("11:50").getTime());
    rememberLanding(
      phone,
      { pathAndQuery: "/favicon.ico", referrer: "", siteHost: SITE },
      at("11:51").getTime(),
    );
    expect(enquiryVisit()?.attribution).toEqual(ad);
  });
});
