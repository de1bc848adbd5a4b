import type Database from "better-sqlite3";

import { OTHER } from "./values-per-day";
import { addVisitors, emptySketch, type Sketch, visitorCount } from "./visitor-sketch";

/**
 * A day not rolled up yet keeps at most this many values per dimension by name while it is counted
 * (ten times what the roll-up keeps, so the day's most visited are among them); the others are
 * counted under OTHER as they arrive.
 */
export const LIVE_VALUES = 1000;

/** The visit dimensions counted per day (the "page" dimension counts page views instead). */
export const VISIT_DIMENSIONS = [
  ["landing", "landingPage"],
  ["source", "source"],
  ["medium", "medium"],
  ["campaign", "campaign"],
  ["referrer", "referrer"],
  ["device", "device"],
] as const;

type Change = {
  day: string;
  dimension: string;
  value: string;
  visits: number;
  views: number;
  visitors: number[];
};
type LiveRow = { id: number; visits: number; views: number; sketch: Sketch };

/**
 * What a batch of page views adds to the day's figures, gathered per value and written at once: a
 * value's row is read and written once a batch however many of its views the batch holds.
 */
export function liveCounts(sqlite: Database.Database) {
  const find = sqlite.prepare<[string, string, string], LiveRow>(
    "select id, visits, views, sketch from analytics_live where day = ? and dimension = ? and value = ?",
  );
  const namedCount = sqlite
    .prepare<[string, string], number>("select count(*) from analytics_live where day = ? and dimension = ?")
    .pluck();
  const insert = sqlite.prepare<[string, string, string, number, number, number, Sketch]>(
    `insert into analytics_live (day, dimension, value, visitors, visits, views, sketch) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = sqlite.prepare<[number, number, number, Sketch, number]>(
    "update analytics_live set visitors = ?, visits = ?, views = ?, sketch = ? where id = ?",
  );
  const changes = new Map<string, Change>();

  /**
   * The batch's changes by the row they go to: a value not seen yet today is named while the day has
   * fewer than LIVE_VALUES in its dimension, else counted under OTHER (together, one write for all).
   */
  function byRow(): Map<string, Change> {
    const namedSoFar = new Map<string, number>();
    const rows = new Map<string, Change>();
    for (const change of changes.values()) {
      const { day, dimension } = change;
      let value = change.value;
      if (value !== OTHER && !find.get(day, dimension, value)) {
        const key = `${day}\u0000${dimension}`;
        const named = namedSoFar.get(key) ?? namedCount.get(day, dimension)!;
        if (named >= LIVE_VALUES) value = OTHER;
        namedSoFar.set(key, value === OTHER ? named : named + 1);
      }
      const key = `${day}\u0000${dimension}\u0000${value}`;
      const row = rows.get(key);
      if (!row) rows.set(key, { ...change, value });
      else {
        row.visits += change.visits;
        row.views += change.views;
        row.visitors.push(...change.visitors);
      }
    }
    return rows;
  }

  function write({ day, dimension, value, visits, views, visitors }: Change) {
    const row = find.get(day, dimension, value);
    const sketch = addVisitors(row?.sketch ?? emptySketch(), visitors);
    if (row) update.run(visitorCount(sketch), row.visits + visits, row.views + views, sketch, row.id);
    else insert.run(day, dimension, value, visitorCount(sketch), visits, views, sketch);
  }

  return {
    /** A visit (`visits` 1) or a page view (`views` 1) of `value`, by the visitor with these bits. */
    add(day: string, dimension: string, value: string, visits: number, views: number, visitor?: number) {
      const key = `${day}\u0000${dimension}\u0000${value}`;
      let change = changes.get(key);
      if (!change) changes.set(key, (change = { day, dimension, value, visits: 0, views: 0, visitors: [] }));
      change.visits += visits;
      change.views += views;
      if (visitor !== undefined) change.visitors.push(visitor);
    },
    /** Writes what was added since the last write (inside the caller's transaction). */
    write() {
      for (const change of byRow().values()) write(change);
      changes.clear();
    },
    /** Forgets what was added (the transaction it was for failed). */
    discard: () => changes.clear(),
  };
}
