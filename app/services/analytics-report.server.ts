import { and, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "#db/client";
import { analyticsDaily, blogPosts, contacts } from "#db/schema";
import { type Preset, PRESETS } from "~/lib/analytics-presets";
import { issuesOf } from "~/lib/api.server";
import { addDays, daysBetween, dublinDay, dublinMidnight } from "~/lib/dublin-time";

import { aggregateRaw, type DailyRow } from "./analytics-rollup.server";

export type Period = { from: string; to: string };
type Figures = { visitors: number; visits: number; views: number };

/** The same number of days just before `period`. */
export function previousPeriod({ from, to }: Period): Period {
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The period's figures per dimension and value, and per day: rolled-up days plus raw recent ones. */
function trafficOf({ from, to }: Period) {
  const summed = getDb().all<DailyRow>(sql`
    select '' as day, dimension, value, sum(visitors) as visitors, sum(visits) as visits, sum(views) as views
    from ${analyticsDaily} where day between ${from} and ${to} group by dimension, value`);
  const daily = new Map(
    getDb()
      .all<DailyRow>(
        sql`select * from ${analyticsDaily} where dimension = 'total' and day between ${from} and ${to}`,
      )
      .map((row) => [row.day, row]),
  );
  // The days with a "total" row are the ones rolled up; the raw events fill in the rest.
  const rolled = new Set(daily.keys());
  const byKey = new Map(summed.map((row) => [`${row.dimension}\u0000${row.value}`, row]));
  for (const row of aggregateRaw(from, to)) {
    if (rolled.has(row.day)) continue;
    if (row.dimension === "total") daily.set(row.day, row);
    const key = `${row.dimension}\u0000${row.value}`;
    const sum = byKey.get(key) ?? { ...row, visitors: 0, visits: 0, views: 0 };
    byKey.set(key, {
      ...sum,
      visitors: sum.visitors + row.visitors,
      visits: sum.visits + row.visits,
      views: sum.views + row.views,
    });
  }
  const dimension = (name: string) => [...byKey.values()].filter((row) => row.dimension === name);
  return { daily, dimension };
}

/** The period's enquiries (not spam), with where their visits came from. */
function enquiriesOf({ from, to }: Period) {
  return getDb()
    .select({ createdAt: contacts.createdAt, attribution: contacts.attribution, pages: contacts.visitPages })
    .from(contacts)
    .where(
      and(
        ne(contacts.status, "spam"),
        gte(contacts.createdAt, dublinMidnight(from)),
        lt(contacts.createdAt, dublinMidnight(addDays(to, 1))),
      ),
    )
    .all();
}

const rate = (enquiries: number, visits: number) =>
  visits ? Math.round((enquiries / visits) * 100_000) / 100_000 : 0;

function summaryOf(traffic: ReturnType<typeof trafficOf>, enquiries: number) {
  const total: Figures = traffic.dimension("total")[0] ?? { visitors: 0, visits: 0, views: 0 };
  return {
    visitors: total.visitors,
    visits: total.visits,
    views: total.views,
    enquiries,
    conversionRate: rate(enquiries, total.visits),
  };
}

type Enquiries = ReturnType<typeof enquiriesOf>;

/** Visits and enquiries per value of a visit dimension, most visits first. */
function conversions(
  rows: DailyRow[],
  enquiries: Enquiries,
  key: (enquiry: Enquiries[number]) => string | null | undefined,
  limit = 10,
) {
  const counts = new Map<string, number>();
  for (const enquiry of enquiries) {
    const value = key(enquiry);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const values = new Set([...rows.map((row) => row.value), ...counts.keys()]);
  return [...values]
    .map((value) => {
      const row = rows.find((r) => r.value === value);
      const visits = row?.visits ?? 0;
      const found = counts.get(value) ?? 0;
      return {
        value,
        visitors: row?.visitors ?? 0,
        visits,
        enquiries: found,
        conversionRate: rate(found, visits),
      };
    })
    .sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries || a.value.localeCompare(b.value))
    .slice(0, limit);
}

/**
 * Everything the dashboard and GET /api/analytics show for a period, with the previous period's
 * summary beside it. Visitors are counted per day (a visitor's hash changes daily, decision 028).
 */
export function analyticsReport(period: Period) {
  const traffic = trafficOf(period);
  const { daily, dimension } = traffic;
  const enquiries = enquiriesOf(period);
  const before = previousPeriod(period);
  const perDay = new Map<string, number>();
  for (const enquiry of enquiries) {
    const day = dublinDay(enquiry.createdAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const series = Array.from({ length: daysBetween(period.from, period.to) }, (_, i) => {
    const day = addDays(period.from, i);
    const row = daily.get(day);
    return { day, visitors: row?.visitors ?? 0, views: row?.views ?? 0, enquiries: perDay.get(day) ?? 0 };
  });

  const pages = dimension("page").sort((a, b) => b.views - a.views || a.value.localeCompare(b.value));
  const postRows = pages.filter((row) => /^\/blog\/[^/]+$/.test(row.value));
  const titles = new Map(
    postRows.length
      ? getDb()
          .select({ slug: blogPosts.slug, title: blogPosts.title })
          .from(blogPosts)
          .where(
            inArray(
              blogPosts.slug,
              postRows.map((row) => row.value.slice("/blog/".length)),
            ),
          )
          .all()
          .map((post) => [`/blog/${post.slug}`, post.title])
      : [],
  );
  const posts = postRows.slice(0, 10).map((row) => ({
    path: row.value,
    title: titles.get(row.value) ?? null,
    views: row.views,
    visitors: row.visitors,
    enquiries: enquiries.filter((enquiry) => enquiry.pages.includes(row.value)).length,
  }));
  const devices = dimension("device").sort((a, b) => b.visits - a.visits);
  const visits = devices.reduce((sum, row) => sum + row.visits, 0);

  return {
    period,
    previousPeriod: before,
    summary: summaryOf(traffic, enquiries.length),
    previous: summaryOf(trafficOf(before), enquiriesOf(before).length),
    series,
    pages: pages.slice(0, 10).map((row) => ({ path: row.value, views: row.views, visitors: row.visitors })),
    posts,
    sources: conversions(dimension("source"), enquiries, (e) => e.attribution?.source ?? "Unknown"),
    campaigns: conversions(dimension("campaign"), enquiries, (e) => e.attribution?.campaign),
    referrers: conversions(dimension("referrer"), enquiries, (e) => e.attribution?.referrer),
    landingPages: conversions(dimension("landing"), enquiries, (e) => e.attribution?.landingPage),
    devices: devices.map((row) => ({
      device: row.value,
      visits: row.visits,
      share: visits ? Math.round((row.visits / visits) * 1000) / 1000 : 0,
    })),
  };
}

export type AnalyticsReport = ReturnType<typeof analyticsReport>;

const Day = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });
const PeriodQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    period: z
      .enum(Object.keys(PRESETS) as [Preset], { error: "period must be 7d, 30d, 90d or 365d" })
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= 1096, {
    error: "A period can be at most three years",
    path: ["from"],
  });

/**
 * The period a query asks for: `from`/`to` (either alone runs to today, or back 30 days), or a preset
 * (`period=90d`), else the last 30 days. Issues in the API's `{ path, message }` shape when it is bad.
 */
export function periodOf(
  params: URLSearchParams,
  today = dublinDay(new Date()),
): { period: Period; preset: Preset | null } | { issues: { path: string; message: string }[] } {
  const parsed = PeriodQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { issues: issuesOf(parsed.error) };
  const { from, to, period } = parsed.data;
  if (from || to) {
    const end = to ?? (from! > today ? from! : today);
    return { period: { from: from ?? addDays(end, -29), to: end }, preset: null };
  }
  const preset = period ?? "30d";
  return { period: { from: addDays(today, -(PRESETS[preset] - 1)), to: today }, preset };
}
