import { eq, lt, sql } from "drizzle-orm";

import { analyticsDaily, analyticsSalts, type Attribution, pageViews, pageVitals, visits } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import type { Task } from "~/platform/tasks.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { flushPageViews } from "./analytics.server";
import { OTHER, VALUES_PER_DAY } from "./values-per-day";
import { rollUpVitals } from "./vitals/vitals-days.server";

/** Raw page views, their vitals and visits are kept this many days (today included), then only the roll-up remains. */
export const RAW_DAYS = 3;

export type DailyRow = typeof analyticsDaily.$inferSelect;

/** The visit dimensions counted per day (the "page" dimension counts page views instead). */
const VISIT_DIMENSIONS = [
  ["landing", "landingPage"],
  ["source", "source"],
  ["medium", "medium"],
  ["campaign", "campaign"],
  ["referrer", "referrer"],
  ["device", "device"],
] as const;

/** One item, or a set of them once there are two: most values a flood makes up are seen once. */
type Few<T> = T | Set<T> | undefined;
const withItem = <T>(few: Few<T>, item: T): Few<T> =>
  few === undefined || few === item ? item : few instanceof Set ? few.add(item) : new Set([few, item]);
const sizeOf = <T>(few: Few<T>) => (few === undefined ? 0 : few instanceof Set ? few.size : 1);
const itemsOf = <T>(few: Few<T>): Iterable<T> => (few === undefined ? [] : few instanceof Set ? few : [few]);

type Tally = { visitors: Few<string>; visits: Few<number>; views: number };

/** Figures per day, dimension and value, counted one event at a time. */
function tallies() {
  const groups: { day: string; dimension: string; values: Map<string, Tally> }[] = [];
  const byDay = new Map<string, Map<string, (typeof groups)[number]>>();
  return {
    count(day: string, dimension: string, value: string, visitor: string, visit: number, views: number) {
      let dimensions = byDay.get(day);
      if (!dimensions) byDay.set(day, (dimensions = new Map()));
      let group = dimensions.get(dimension);
      if (!group) {
        groups.push((group = { day, dimension, values: new Map() }));
        dimensions.set(dimension, group);
      }
      const tally = group.values.get(value);
      if (tally) {
        tally.visitors = withItem(tally.visitors, visitor);
        tally.visits = withItem(tally.visits, visit);
        tally.views += views;
      } else group.values.set(value, { visitors: visitor, visits: visit, views });
    },
    /**
     * Each day and dimension's VALUES_PER_DAY values with the most visits (views, for pages; a tie
     * goes to the value seen first), the rest as OTHER.
     */
    rows(): DailyRow[] {
      return groups.flatMap(({ day, dimension, values }) => {
        const size = (tally: Tally) => (dimension === "page" ? tally.views : sizeOf(tally.visits));
        const ranked = [...values].filter(([value]) => value !== OTHER);
        if (ranked.length > VALUES_PER_DAY) ranked.sort(([, x], [, y]) => size(y) - size(x));
        const kept = ranked.slice(0, VALUES_PER_DAY);
        const rest: Tally = { visitors: undefined, visits: undefined, views: 0 };
        const lumped = [...ranked.slice(VALUES_PER_DAY).map(([, tally]) => tally), values.get(OTHER)];
        for (const tally of lumped) {
          if (!tally) continue;
          for (const visitor of itemsOf(tally.visitors)) rest.visitors = withItem(rest.visitors, visitor);
          for (const visit of itemsOf(tally.visits)) rest.visits = withItem(rest.visits, visit);
          rest.views += tally.views;
        }
        if (rest.visits !== undefined) kept.push([OTHER, rest]);
        return kept.map(([value, tally]) => ({
          day,
          dimension,
          value,
          visitors: sizeOf(tally.visitors),
          visits: sizeOf(tally.visits),
          views: tally.views,
        }));
      });
    },
  };
}

type RawVisit = Attribution & { id: number; day: string; visitor: string; device: string };

/**
 * The day-by-day figures of the raw events from `from` to `to` (days, both included), at most
 * VALUES_PER_DAY values (plus OTHER) per day and dimension. Counted here rather than by GROUP BY: a
 * flood of made-up values made SQLite sort every visit once per dimension (over a second for 20,000).
 */
export function aggregateRaw(from: string, to: string): DailyRow[] {
  flushPageViews();
  const sqlite = getDb().$client;
  const views = sqlite
    .prepare<[string, string], { day: string; path: string; visitId: number; visitor: string }>(
      `select p.day, p.path, p.visit_id as visitId, v.visitor
       from page_views p join visits v on v.id = p.visit_id where p.day between ? and ?
       order by p.day, p.id`,
    )
    .all(from, to);
  const raw = sqlite
    .prepare<[string, string], RawVisit>(
      `select id, day, visitor, landing_page as landingPage, referrer, source, medium, campaign, device
       from visits where day between ? and ? order by day, id`,
    )
    .all(from, to);
  const counted = tallies();
  const viewsOfVisit = new Map<number, number>();
  for (const view of views) {
    counted.count(view.day, "page", view.path, view.visitor, view.visitId, 1);
    viewsOfVisit.set(view.visitId, (viewsOfVisit.get(view.visitId) ?? 0) + 1);
  }
  for (const visit of raw) {
    const seen = viewsOfVisit.get(visit.id) ?? 0;
    counted.count(visit.day, "total", "", visit.visitor, visit.id, seen);
    for (const [dimension, field] of VISIT_DIMENSIONS) {
      const value = visit[field];
      if (value !== null) counted.count(visit.day, dimension, value, visit.visitor, visit.id, seen);
    }
  }
  return counted.rows();
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
      rollUpVitals(day, tx);
    });
  }
  const keepFrom = addDays(today, -(RAW_DAYS - 1));
  db.transaction((tx) => {
    tx.delete(pageVitals).where(lt(pageVitals.day, keepFrom)).run();
    tx.delete(pageViews).where(lt(pageViews.day, keepFrom)).run();
    tx.delete(visits).where(lt(visits.day, keepFrom)).run();
    tx.delete(analyticsSalts).where(lt(analyticsSalts.day, today)).run();
  });
  // Raw events just deleted sit in the write-ahead log until a checkpoint; after a long backlog (a site
  // down for weeks) that log slows every read of the dashboard until it is folded back.
  if (days.length > 0) db.$client.pragma("wal_checkpoint(TRUNCATE)");
  return days.length;
}

/** Rolls finished days up at start-up and every hour; page views waiting are written at the stop. */
export const analyticsTask: Task = {
  name: "analytics",
  label: "Rolls finished days of analytics up into daily figures",
  every: 60 * 60 * 1000,
  run: () => {
    const rolled = rollUpFinishedDays();
    if (rolled) log.info(`Analytics: rolled up ${rolled} finished day(s)`);
  },
  stop: flushPageViews,
};
