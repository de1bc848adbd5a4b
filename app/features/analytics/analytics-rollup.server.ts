import { setImmediate as nextTurn } from "node:timers/promises";

import { and, eq, lt, sql } from "drizzle-orm";

import { analyticsDaily, analyticsLive, analyticsSalts, vitalsLive } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import type { Task } from "~/platform/tasks.server";
import { dublinDay } from "~/platform/text/dublin-time";

import { flushPageViews } from "./analytics.server";
import { OTHER, VALUES_PER_DAY } from "./values-per-day";
import { mergeSketches, visitorCount } from "./visitor-sketch";
import { rollUpVitals } from "./vitals/vitals-live.server";

/**
 * Raw page views, their vitals and visits are kept this long after a visit's last page view: long
 * enough to carry a visit on (30 minutes), to tie a page's vitals to its view and to credit an enquiry
 * to the visit it came from; the day's figures are counted as they arrive and need none of them.
 */
export const RAW_MINUTES = 60;
/** Raw rows deleted at once: the roll-up gives the event loop back between slices. */
const PRUNED_AT_ONCE = 500;

export type DailyRow = typeof analyticsDaily.$inferSelect;

/**
 * A day's figures as the roll-up keeps them, from the figures counted as the page views arrived: each
 * dimension's VALUES_PER_DAY values with the most visits (views, for pages; a tie goes to the value
 * seen first), the rest together as OTHER, each visitor counted once there too. Reads the day's live
 * rows only: at most LIVE_VALUES (and OTHER) per dimension, however busy the day was.
 */
export function figuresOfDay(day: string): DailyRow[] {
  flushPageViews();
  const rows = getDb()
    .select()
    .from(analyticsLive)
    .where(eq(analyticsLive.day, day))
    .orderBy(analyticsLive.id)
    .all();
  const dimensions = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = dimensions.get(row.dimension);
    if (list) list.push(row);
    else dimensions.set(row.dimension, [row]);
  }
  return [...dimensions].flatMap(([dimension, values]) => {
    const size = (row: (typeof rows)[number]) => (dimension === "page" ? row.views : row.visits);
    const ranked = values.filter((row) => row.value !== OTHER);
    if (ranked.length > VALUES_PER_DAY) ranked.sort((x, y) => size(y) - size(x) || x.id - y.id);
    const lumped = [...ranked.slice(VALUES_PER_DAY), ...values.filter((row) => row.value === OTHER)];
    const kept: Omit<DailyRow, "day">[] = ranked.slice(0, VALUES_PER_DAY);
    if (lumped.length > 0) {
      const sketch = lumped.map((row) => row.sketch).reduce(mergeSketches);
      kept.push({
        dimension,
        value: OTHER,
        visitors: visitorCount(sketch),
        visits: lumped.reduce((sum, row) => sum + row.visits, 0),
        views: lumped.reduce((sum, row) => sum + row.views, 0),
      });
    }
    return kept.map(({ dimension, value, visitors, visits, views }) => ({
      day,
      dimension,
      value,
      visitors,
      visits,
      views,
    }));
  });
}

/** Finished days (before today) with figures still counted live. */
function finishedDays(today: string): string[] {
  return getDb()
    .all<{ day: string }>(
      sql`select day from ${analyticsLive} where day < ${today} union select day from ${vitalsLive} where day < ${today}`,
    )
    .map((row) => row.day);
}

/** Writes a finished day's figures and histograms and deletes its live rows, in one transaction. */
function rollUpDay(day: string) {
  const rows = figuresOfDay(day);
  getDb().transaction((tx) => {
    tx.delete(analyticsDaily).where(eq(analyticsDaily.day, day)).run();
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(analyticsDaily)
        .values(rows.slice(i, i + 500))
        .run();
    tx.delete(analyticsLive).where(eq(analyticsLive.day, day)).run();
    rollUpVitals(day, tx);
  });
}

/**
 * Deletes up to PRUNED_AT_ONCE raw page views (with their vitals) and visits older than RAW_MINUTES,
 * and salts older than today. Returns whether more are left.
 */
function pruneRaw(now: Date): boolean {
  const sqlite = getDb().$client;
  const before = now.getTime() - RAW_MINUTES * 60_000;
  // It reads, then writes: begun as a writer, as every transaction on getDb() is.
  return getDb().transaction(() => {
    const views = JSON.stringify(
      sqlite
        .prepare<[number, number], number>("select id from page_views where at < ? order by id limit ?")
        .pluck()
        .all(before, PRUNED_AT_ONCE),
    );
    sqlite
      .prepare("delete from page_vitals where page_view_id in (select value from json_each(?))")
      .run(views);
    const viewsGone = sqlite
      .prepare("delete from page_views where id in (select value from json_each(?))")
      .run(views);
    const visitsGone = sqlite
      .prepare(
        "delete from visits where id in (select id from visits where last_seen_at < ? order by id limit ?)",
      )
      .run(before, PRUNED_AT_ONCE);
    getDb()
      .delete(analyticsSalts)
      .where(and(lt(analyticsSalts.day, dublinDay(now))))
      .run();
    return viewsGone.changes === PRUNED_AT_ONCE || visitsGone.changes === PRUNED_AT_ONCE;
  });
}

/**
 * Writes the figures of every finished day still counted live, then deletes raw events older than
 * RAW_MINUTES and salts older than today. Safe to run any number of times. Each day's roll-up reads
 * its live rows only; the task runs the same steps a slice at a time.
 */
export function rollUpFinishedDays(now = new Date()): number {
  const days = finishedDays(dublinDay(now));
  for (const day of days) rollUpDay(day);
  while (pruneRaw(now));
  return days.length;
}

/** The roll-up with the event loop given back between days and between slices of deleted rows. */
async function rollUpInSlices(now = new Date()): Promise<number> {
  flushPageViews();
  const days = finishedDays(dublinDay(now));
  for (const day of days) {
    rollUpDay(day);
    await nextTurn();
  }
  while (pruneRaw(now)) await nextTurn();
  return days.length;
}

/** Rolls finished days up and prunes raw events at start-up and every ten minutes; page views waiting are written at the stop. */
export const analyticsTask: Task = {
  name: "analytics",
  label: "Rolls finished days of analytics up into daily figures and deletes raw page views over an hour old",
  every: 10 * 60 * 1000,
  run: async () => {
    const rolled = await rollUpInSlices();
    if (rolled) log.info(`Analytics: rolled up ${rolled} finished day(s)`);
  },
  stop: flushPageViews,
};
