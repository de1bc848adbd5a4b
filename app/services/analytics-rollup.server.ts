import { eq, lt, sql } from "drizzle-orm";

import { getDb } from "#db/client";
import { analyticsDaily, analyticsSalts, pageViews, visits } from "#db/schema";
import { addDays, dublinDay } from "~/lib/dublin-time";
import { log } from "~/lib/log.server";

import { flushPageViews } from "./analytics.server";

/** Raw page views and visits are kept this many days (today included), then only the roll-up remains. */
export const RAW_DAYS = 3;

export type DailyRow = typeof analyticsDaily.$inferSelect;

/**
 * At most this many values per day and dimension are kept by name, the most visited (viewed, for
 * pages); the rest of the day's traffic in that dimension is counted as OTHER. Campaigns, referrers
 * and paths are whatever a beacon says, so a flood of made-up ones would otherwise be a row each, in
 * every roll-up and every report of a period that includes the day.
 */
export const VALUES_PER_DAY = 100;
/** The value the traffic beyond a day's VALUES_PER_DAY values is counted under. */
export const OTHER = "(other)";

/** The visit dimensions counted per day (the "page" dimension counts page views instead). */
const VISIT_DIMENSIONS = ["landing_page", "source", "medium", "campaign", "referrer", "device"] as const;
const dimensionName = (column: (typeof VISIT_DIMENSIONS)[number]) =>
  column === "landing_page" ? "landing" : column;

/**
 * The day-by-day figures of the raw events from `from` to `to` (days, both included), at most
 * VALUES_PER_DAY values (plus OTHER) per day and dimension.
 */
export function aggregateRaw(from: string, to: string): DailyRow[] {
  flushPageViews();
  const db = getDb();
  const viewsPerVisit = sql`select visit_id, count(*) as views from ${pageViews}
    where day between ${from} and ${to} group by visit_id`;
  const totals = db.all<DailyRow>(sql`
    select v.day, 'total' as dimension, '' as value, count(distinct v.visitor) as visitors,
      count(*) as visits, coalesce(sum(n.views), 0) as views
    from ${visits} v left join (${viewsPerVisit}) n on n.visit_id = v.id
    where v.day between ${from} and ${to} group by v.day`);
  const pages = db.all<DailyRow>(sql`
    with facts as (
      select p.day, p.path as value, p.visit_id, v.visitor
      from ${pageViews} p join ${visits} v on v.id = p.visit_id
      where p.day between ${from} and ${to}),
    ranked as materialized (
      select day, value, row_number() over (partition by day order by count(*) desc, value) as rank
      from facts group by day, value)
    select f.day, 'page' as dimension,
      case when r.rank <= ${VALUES_PER_DAY} then f.value else ${OTHER} end as value,
      count(distinct f.visitor) as visitors, count(distinct f.visit_id) as visits, count(*) as views
    from facts f join ranked r on r.day = f.day and r.value = f.value
    group by f.day, 3`);
  const facts = sql.join(
    VISIT_DIMENSIONS.map(
      (column) =>
        sql`select day, ${dimensionName(column)} as dimension, ${sql.identifier(column)} as value, visitor, views
          from counted_visits where ${sql.identifier(column)} is not null`,
    ),
    sql` union all `,
  );
  const byVisit = db.all<DailyRow>(sql`
    with counted_visits as materialized (
      select v.*, coalesce(n.views, 0) as views
      from ${visits} v left join (${viewsPerVisit}) n on n.visit_id = v.id
      where v.day between ${from} and ${to}),
    facts as (${facts}),
    ranked as materialized (
      select day, dimension, value,
        row_number() over (partition by day, dimension order by count(*) desc, value) as rank
      from facts group by day, dimension, value)
    select f.day, f.dimension,
      case when r.rank <= ${VALUES_PER_DAY} then f.value else ${OTHER} end as value,
      count(distinct f.visitor) as visitors, count(*) as visits, sum(f.views) as views
    from facts f join ranked r on r.day = f.day and r.dimension = f.dimension and r.value = f.value
    group by f.day, f.dimension, 3`);
  return [...totals, ...pages, ...byVisit];
}

/**
 * Writes the figures of every finished day that has raw events and no roll-up yet, then deletes raw
 * events older than RAW_DAYS and salts older than today. Safe to run any number of times.
 */
export function rollUpFinishedDays(now = new Date()): number {
  const db = getDb();
  const today = dublinDay(now);
  const days = db
    .all<{ day: string }>(
      sql`select distinct day from ${visits} where day < ${today} and day not in
        (select day from ${analyticsDaily} where dimension = 'total')`,
    )
    .map((row) => row.day);
  for (const day of days) {
    const rows = aggregateRaw(day, day);
    db.transaction((tx) => {
      tx.delete(analyticsDaily).where(eq(analyticsDaily.day, day)).run();
      for (let i = 0; i < rows.length; i += 500)
        tx.insert(analyticsDaily)
          .values(rows.slice(i, i + 500))
          .run();
    });
  }
  const keepFrom = addDays(today, -(RAW_DAYS - 1));
  db.transaction((tx) => {
    tx.delete(pageViews).where(lt(pageViews.day, keepFrom)).run();
    tx.delete(visits).where(lt(visits.day, keepFrom)).run();
    tx.delete(analyticsSalts).where(lt(analyticsSalts.day, today)).run();
  });
  // Raw events just deleted sit in the write-ahead log until a checkpoint; after a long backlog (a site
  // down for weeks) that log slows every read of the dashboard until it is folded back.
  if (days.length > 0) db.$client.pragma("wal_checkpoint(TRUNCATE)");
  return days.length;
}

/** Rolls up at start-up and every hour (the server starts this at boot and stops it on shutdown). */
export function startAnalyticsRollUp(intervalMs = 60 * 60 * 1000): () => void {
  const run = () => {
    try {
      const rolled = rollUpFinishedDays();
      if (rolled) log.info(`Analytics: rolled up ${rolled} finished day(s)`);
    } catch (error) {
      log.error({ err: error }, "Rolling up analytics failed; trying again in an hour");
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    flushPageViews();
  };
}
