import { visitorToday } from "~/features/analytics/index.server";
import type { ConversionGoal, Converter } from "~/platform/conversions.server";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";

import { runningByPath } from "./experiments.server";

/**
 * Who saw an arm, written in batches like the page views (decision 028): a page under test is answered
 * from the page cache, and a write per answer would cost more than the answer. A crash loses at most
 * the moment's visitor-days; a visitor-day seen twice is counted once (its primary key).
 */
type Seen = { experimentId: number; day: string; visitor: string; arm: string };
const FLUSH_AFTER_MS = 50;
const FLUSH_AT = 500;
let pending: Seen[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** Visitor-days already counted in this process: their next pages write nothing. Bounded, then begun again. */
const counted = new Set<string>();
const COUNTED_KEPT = 100_000;

export function countVisitorDay(seen: Seen) {
  const key = `${seen.experimentId}|${seen.day}|${seen.visitor}`;
  if (counted.has(key)) return;
  if (counted.size >= COUNTED_KEPT) counted.clear();
  counted.add(key);
  pending.push(seen);
  if (pending.length >= FLUSH_AT) flushVisitorDays();
  else timer ??= setTimeout(flushVisitorDays, FLUSH_AFTER_MS);
}

/** Writes the visitor-days waiting (before counting a conversion or reading results). */
export function flushVisitorDays() {
  clearTimeout(timer);
  timer = undefined;
  if (!pending.length) return;
  const batch = pending;
  pending = [];
  try {
    const sqlite = getDb().$client;
    // Prepared once a batch: the query builder would build the same statement for every row.
    const insert = sqlite.prepare(
      "insert into experiment_visitors (experiment_id, day, visitor, arm) values (@experimentId, @day, @visitor, @arm) on conflict do nothing",
    );
    const tally = sqlite.prepare(
      "insert into experiment_daily (experiment_id, day, arm, visitors) values (@experimentId, @day, @arm, 1) on conflict do update set visitors = visitors + 1",
    );
    // A visitor-day already written (by an earlier process) is not counted again.
    sqlite
      .transaction((rows: Seen[]) => {
        for (const row of rows) if (insert.run(row).changes) tally.run(row);
      })
      .immediate(batch);
  } catch (error) {
    // A full disk, say: these visitor-days are lost, the next ones are tried again.
    log.error({ err: error }, `Counting ${batch.length} experiment visitor-days failed`);
  }
}

/**
 * A conversion (an enquiry, a sign-up, a visit to the contact page) counts once for the arm each running
 * experiment with that goal showed this visitor today: the same salted hash links them, as it links a
 * visit to its enquiry. A visitor who saw no arm today changes nothing.
 */
export function countConversion(goal: ConversionGoal, who: Converter) {
  const ids = [...runningByPath().values()].filter((each) => each.goal === goal).map((each) => each.id);
  if (!ids.length) return;
  flushVisitorDays();
  const today = visitorToday(who, { create: false });
  if (!today) return;
  const sqlite = getDb().$client;
  // Each visitor-day converts once: only a row not yet converted is changed, and only it is tallied.
  const convert = sqlite.prepare<
    [string, string, string],
    { experimentId: number; day: string; arm: string }
  >(
    `update experiment_visitors set converted = 1
     where experiment_id in (select value from json_each(?)) and day = ? and visitor = ? and converted = 0
     returning experiment_id as experimentId, day, arm`,
  );
  const tally = sqlite.prepare(
    "update experiment_daily set conversions = conversions + 1 where experiment_id = @experimentId and day = @day and arm = @arm",
  );
  sqlite
    .transaction(() => {
      for (const row of convert.all(JSON.stringify(ids), today.day, today.visitor)) tally.run(row);
    })
    .immediate();
}
