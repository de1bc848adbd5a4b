import { and, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

import { analyticsDaily, analyticsLive, enquiries, posts } from "#db/schema";
import { type Preset, PRESETS } from "~/features/analytics/analytics-presets";
import { getDb } from "~/platform/db.server";
import { issuesOf } from "~/platform/http/api.server";
import { isLanguage, type Language, type SiteLanguages } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { addDays, daysBetween, dublinDay, dublinMidnight } from "~/platform/text/dublin-time";

import { flushPageViews } from "./analytics.server";
import type { DailyRow } from "./analytics-rollup.server";
import { dimensionIn, enquiryLanguage } from "./visit-language";
import { vitalsReport } from "./vitals/vitals-report.server";

export type Period = { from: string; to: string };
type Figures = { visitors: number; visits: number; views: number };

/** The same number of days just before `period`. */
export function previousPeriod({ from, to }: Period): Period {
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/**
 * The days of `period` with figures, by day: rolled-up days, and the figures counted so far of the
 * others (today's). A day is in one table or the other: the roll-up moves it in one transaction.
 */
function dailyOf({ from, to }: Period, lang: Language | null): Map<string, DailyRow> {
  flushPageViews();
  const own =
    lang === siteLanguages().default ? DEFAULT_LANGUAGE_TOTAL : oneDimension(dimensionIn("total", lang));
  const rows = getDb().all<DailyRow>(
    sql`select day, 'total' as dimension, '' as value, max(sum(visitors), 0) as visitors,
        max(sum(visits), 0) as visits, max(sum(views), 0) as views
      from (select day, ${own.sign} * visitors as visitors, ${own.sign} * visits as visits,
          ${own.sign} * views as views from ${analyticsDaily}
          where day between ${from} and ${to} and ${own.rows}
        union all select day, ${own.sign} * visitors, ${own.sign} * visits, ${own.sign} * views
          from ${analyticsLive} where day between ${from} and ${to} and ${own.rows})
      group by day`,
  );
  return new Map(rows.map((row) => [row.day, row]));
}

/** How many values each list of the report shows. */
const LISTED = 10;
const isPost = sql`(dimension = 'page' and (value glob '/blog/?*' and value not glob '/blog/*/*'
  or value glob '/[a-z][a-z]/blog/?*' and value not glob '/[a-z][a-z]/blog/*/*'))`;

/** Which rows a report reads, by what name, added (1) or taken away (-1). */
type Reading = { rows: SQL; name: SQL; sign: SQL };

const oneDimension = (dimension: string): Reading => ({
  rows: sql`dimension = ${dimension}`,
  name: sql`dimension`,
  sign: sql`1`,
});
const isCopy = sql`instr(dimension, '@') > 0`;
/**
 * The default language's figures are not copied (decision 066): they are the whole site's less every
 * other language's copies. Exact for visits and views; visitors are per value and day, so one who
 * visited in two languages the same day is taken away once too often (never below none).
 */
const DEFAULT_LANGUAGE_TOTAL: Reading = {
  rows: sql`(dimension = 'total' or dimension glob 'total@*')`,
  name: sql`'total'`,
  sign: sql`case when ${isCopy} then -1 else 1 end`,
};

/**
 * The rows of the whole site's dimensions (no "@"), of another language's ("source@ga"), or for the
 * default language both, the copies taken away; named without their language.
 */
function dimensionsOf(lang: Language | null): Reading {
  const whole = sql`instr(dimension, '@') = 0 and dimension not in ('total', 'language')`;
  if (!lang) return { rows: whole, name: sql`dimension`, sign: sql`1` };
  if (lang === siteLanguages().default)
    return {
      rows: sql`(${whole} or (${isCopy} and dimension not glob 'total@*'))`,
      name: sql`case when ${isCopy} then substr(dimension, 1, instr(dimension, '@') - 1) else dimension end`,
      sign: sql`case when ${isCopy} then -1 else 1 end`,
    };
  const suffix = `@${lang}`;
  return {
    rows: sql`dimension glob ${`*${suffix}`} and dimension <> ${`total${suffix}`}`,
    name: sql`substr(dimension, 1, length(dimension) - ${suffix.length})`,
    sign: sql`1`,
  };
}

type Ranked = DailyRow & { rank: number; postRank: number | null };

/**
 * Per dimension over the period: its LISTED values with the most visits (views, for pages), the
 * LISTED most viewed posts, and the values in `wanted` (those of the period's enquiries). Ranked in
 * SQL over the rolled-up days and the live figures of the others, so a report costs one pass over
 * the period's rows however many values it has.
 */
function topValues({ from, to }: Period, wanted: [string, string][], lang: Language | null): Ranked[] {
  const own = dimensionsOf(lang);
  return getDb().all<Ranked>(sql`
    with wanted as (select w.value ->> 0 as dimension, w.value ->> 1 as value from json_each(${JSON.stringify(wanted)}) w),
    summed as (
      select dimension, value, max(sum(visitors), 0) as visitors, max(sum(visits), 0) as visits,
        max(sum(views), 0) as views
      from (
        select ${own.name} as dimension, value, ${own.sign} * visitors as visitors,
          ${own.sign} * visits as visits, ${own.sign} * views as views from ${analyticsDaily}
        where day between ${from} and ${to} and ${own.rows}
        union all select ${own.name} as dimension, value, ${own.sign} * visitors, ${own.sign} * visits,
          ${own.sign} * views from ${analyticsLive}
        where day between ${from} and ${to} and ${own.rows})
      group by dimension, value
      having sum(views) > 0),
    ranked as (
      select *,
        row_number() over (partition by dimension
          order by case when dimension = 'page' then views else visits end desc, value) as rank,
        case when ${isPost} then row_number() over (partition by dimension, ${isPost}
          order by views desc, value) end as postRank
      from summed)
    select '' as day, dimension, value, visitors, visits, views, rank, postRank from ranked
    where rank <= ${LISTED} or postRank <= ${LISTED}
      or (dimension, value) in (select dimension, value from wanted)
    order by dimension, rank`);
}

/** The period's enquiries (not spam), with where their visits came from. */
function enquiriesOf({ from, to }: Period) {
  return getDb()
    .select({
      createdAt: enquiries.createdAt,
      attribution: enquiries.attribution,
      pages: enquiries.visitPages,
      visitId: enquiries.visitId,
      lang: enquiries.lang,
    })
    .from(enquiries)
    .where(
      and(
        ne(enquiries.status, "spam"),
        gte(enquiries.createdAt, dublinMidnight(from)),
        lt(enquiries.createdAt, dublinMidnight(addDays(to, 1))),
      ),
    )
    .all();
}

/**
 * The conversion rate: the counted visits that sent an enquiry ÷ the counted visits. An enquiry
 * sent through the API, without JavaScript or in a visit the beacon never saw has no visit to convert;
 * two enquiries from one visit are one converted visit. A visit that began before the period and wrote
 * in during it is counted by the enquiry, so the share is capped at every visit.
 */
const rate = (convertedVisits: number, visits: number) =>
  visits ? Math.round((Math.min(convertedVisits, visits) / visits) * 100_000) / 100_000 : 0;

/** How many different counted visits sent these enquiries. */
const visitsThatEnquired = (list: Enquiries) =>
  new Set(list.flatMap((enquiry) => (enquiry.visitId === null ? [] : [enquiry.visitId]))).size;

/** The period's totals, with its conversion rate (see `rate`). */
function summaryOf(daily: Map<string, Figures>, enquiries: Enquiries) {
  const total = { visitors: 0, visits: 0, views: 0 };
  for (const day of daily.values()) {
    total.visitors += day.visitors;
    total.visits += day.visits;
    total.views += day.views;
  }
  return {
    ...total,
    enquiries: enquiries.length,
    conversionRate: rate(visitsThatEnquired(enquiries), total.visits),
  };
}

type Enquiries = ReturnType<typeof enquiriesOf>;

/** Strings in SQLite's order (its BINARY collation), which ranked the rows. */
const inOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Visits and enquiries per value of a visit dimension, most visits first. `rows` holds the LISTED
 * values with the most visits and those of every enquiry: any value in the first LISTED is among them.
 */
function conversions(
  rows: Ranked[],
  enquiries: Enquiries,
  key: (enquiry: Enquiries[number]) => string | null | undefined,
) {
  const counts = new Map<string, Enquiries>();
  for (const enquiry of enquiries) {
    const value = key(enquiry);
    if (value) counts.set(value, [...(counts.get(value) ?? []), enquiry]);
  }
  const byValue = new Map(rows.map((row) => [row.value, row]));
  const values = new Set([
    ...rows.filter((row) => row.rank <= LISTED).map((row) => row.value),
    ...counts.keys(),
  ]);
  return [...values]
    .map((value) => {
      const row = byValue.get(value);
      const visits = row?.visits ?? 0;
      const found = counts.get(value) ?? [];
      return {
        value,
        visitors: row?.visitors ?? 0,
        visits,
        enquiries: found.length,
        conversionRate: rate(visitsThatEnquired(found), visits),
      };
    })
    .sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries || inOrder(a.value, b.value))
    .slice(0, LISTED);
}

/**
 * Everything the dashboard and GET /api/analytics show for a period, with the previous period's
 * summary beside it. Visitors are counted per day (a visitor's hash changes daily, decision 028).
 */
export function analyticsReport(period: Period, lang: Language | null = null) {
  const site = siteLanguages();
  const daily = dailyOf(period, lang);
  const everyEnquiry = enquiriesOf(period);
  const inLanguage = (list: Enquiries) =>
    lang ? list.filter((enquiry) => enquiryLanguage(enquiry, site) === lang) : list;
  const enquiries = inLanguage(everyEnquiry);
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

  const keys = {
    source: (e: Enquiries[number]) => e.attribution?.source ?? "Unknown",
    campaign: (e: Enquiries[number]) => e.attribution?.campaign,
    referrer: (e: Enquiries[number]) => e.attribution?.referrer,
    landing: (e: Enquiries[number]) => e.attribution?.landingPage,
  };
  const wanted = new Set<string>();
  for (const [dimension, key] of Object.entries(keys))
    for (const enquiry of enquiries) {
      const value = key(enquiry);
      if (value) wanted.add(JSON.stringify([dimension, value]));
    }
  const vitals = vitalsReport(period);
  for (const page of vitals.pages) wanted.add(JSON.stringify(["page", page.path]));
  const ranked = topValues(
    period,
    [...wanted].map((pair) => JSON.parse(pair) as [string, string]),
    lang,
  );
  const dimension = (name: string) => ranked.filter((row) => row.dimension === name);

  const pages = dimension("page").filter((row) => row.rank <= LISTED);
  const postRows = dimension("page")
    .filter((row) => row.postRank !== null && row.postRank <= LISTED)
    .sort((a, b) => a.postRank! - b.postRank!);
  const titles = new Map(
    postRows.length
      ? getDb()
          .select({ slug: posts.slug, title: posts.title })
          .from(posts)
          .where(
            inArray(
              posts.slug,
              postRows.map((row) => row.value.slice("/blog/".length)),
            ),
          )
          .all()
          .map((post) => [`/blog/${post.slug}`, post.title])
      : [],
  );
  const postViews = postRows.map((row) => ({
    path: row.value,
    title: titles.get(row.value) ?? null,
    views: row.views,
    visitors: row.visitors,
    enquiries: enquiries.filter((enquiry) => enquiry.pages.includes(row.value)).length,
  }));
  const pageRows = new Map(dimension("page").map((row) => [row.value, row]));
  const devices = dimension("device").filter((row) => row.rank <= LISTED);
  const visits = devices.reduce((sum, row) => sum + row.visits, 0);

  return {
    period,
    previousPeriod: before,
    language: lang,
    summary: summaryOf(daily, enquiries),
    previous: summaryOf(dailyOf(before, lang), inLanguage(enquiriesOf(before))),
    series,
    pages: pages.map((row) => ({ path: row.value, views: row.views, visitors: row.visitors })),
    posts: postViews,
    sources: conversions(dimension("source"), enquiries, keys.source),
    campaigns: conversions(dimension("campaign"), enquiries, keys.campaign),
    referrers: conversions(dimension("referrer"), enquiries, keys.referrer),
    landingPages: conversions(dimension("landing"), enquiries, keys.landing),
    languages: languagesOf(period, everyEnquiry, site),
    devices: devices.map((row) => ({
      device: row.value,
      visits: row.visits,
      share: visits ? Math.round((row.visits / visits) * 1000) / 1000 : 0,
    })),
    // Each page's speed beside the traffic and the enquiries it had in the period.
    vitals: {
      ...vitals,
      pages: vitals.pages.map((page) => ({
        ...page,
        views: pageRows.get(page.path)?.views ?? 0,
        enquiries: enquiries.filter((enquiry) => enquiry.pages.includes(page.path)).length,
      })),
    },
  };
}

export type AnalyticsReport = ReturnType<typeof analyticsReport>;

/**
 * Visits, enquiries and conversion per language of the visit (its landing page's), every language of
 * the site listed whatever the filter: a few rows a day, read apart from the other dimensions.
 */
function languagesOf({ from, to }: Period, enquiries: Enquiries, site: SiteLanguages) {
  const rows = getDb().all<DailyRow>(sql`
    select '' as day, 'language' as dimension, value, sum(visitors) as visitors, sum(visits) as visits,
      sum(views) as views
    from (select value, visitors, visits, views from ${analyticsDaily}
        where day between ${from} and ${to} and dimension = 'language'
      union all select value, visitors, visits, views from ${analyticsLive}
        where day between ${from} and ${to} and dimension = 'language')
    group by value order by visits desc, value`);
  const ranked = rows.map((row, index) => ({ ...row, rank: index + 1, postRank: null }));
  const listed = conversions(ranked, enquiries, (enquiry) => enquiryLanguage(enquiry, site));
  const missing = site.languages.filter((code) => !listed.some((row) => row.value === code));
  return [
    ...listed,
    ...missing.map((code) => ({ value: code, visitors: 0, visits: 0, enquiries: 0, conversionRate: 0 })),
  ];
}

/**
 * The language a query filters by (`lang=ga`): one of the site's, or null for all of them (no `lang`).
 * Issues in the API's `{ path, message }` shape for any other.
 */
export function languageFilterOf(
  params: URLSearchParams,
): { lang: Language | null } | { issues: { path: string; message: string }[] } {
  const asked = params.getAll("lang");
  if (!asked.length) return { lang: null };
  const site = siteLanguages();
  const code = asked[0];
  if (asked.length > 1 || !isLanguage(code) || !site.languages.includes(code))
    return {
      issues: [
        { path: "lang", message: `lang must be one of the site's languages: ${site.languages.join(", ")}` },
      ],
    };
  return { lang: code };
}

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
