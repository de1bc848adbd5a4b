import { setImmediate as nextTurn } from "node:timers/promises";

import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import type { Task } from "~/platform/tasks.server";
import { dublinDay } from "~/platform/text/dublin-time";

import { flushVisitorDays } from "./counting.server";
import { forgetUnconfirmedSignUps, FORGOTTEN_AT_ONCE } from "./signups.server";

/** Visitor rows deleted at once: the task gives the event loop back between slices. */
const PRUNED_AT_ONCE = 500;

/**
 * Deletes up to PRUNED_AT_ONCE visitor rows of finished days (before today in Dublin). Their figures
 * were counted into `experiment_daily` as they arrived, and a conversion must come the same day, so
 * nothing reads them after their day. Returns how many were deleted.
 */
export function pruneFinishedVisitorDays(now = new Date()): number {
  return getDb().$client.prepare(FINISHED_DAYS_DELETE).run(dublinDay(now), PRUNED_AT_ONCE).changes;
}

/** One slice of finished days' visitor rows, found by experiment_visitors_day_idx. */
export const FINISHED_DAYS_DELETE =
  "delete from experiment_visitors where rowid in (select rowid from experiment_visitors where day < ? limit ?)";

/** Runs `slice` until it deletes fewer than `atOnce` rows, giving the event loop back between; how many it deleted. */
async function inSlices(slice: () => number, atOnce: number): Promise<number> {
  let deleted = 0;
  for (let n = slice(); n > 0; n = slice()) {
    deleted += n;
    if (n < atOnce) break;
    await nextTurn();
  }
  return deleted;
}

/**
 * Deletes every finished day's visitor rows and the sign-ups never confirmed, a slice at a time with
 * the event loop given back between. Returns how many visitor rows it deleted.
 */
export async function rollUpExperiments(now = new Date()): Promise<number> {
  flushVisitorDays();
  await inSlices(() => forgetUnconfirmedSignUps(now), FORGOTTEN_AT_ONCE);
  return inSlices(() => pruneFinishedVisitorDays(now), PRUNED_AT_ONCE);
}

/** At start-up and every ten minutes, as the analytics' roll-up; visitor-days waiting are written at the stop. */
export const experimentsTask: Task = {
  name: "experiments",
  label:
    "Deletes experiments' visitor rows of finished days (their figures are kept per day and arm) and newsletter sign-ups never confirmed",
  every: 10 * 60 * 1000,
  atStart: true,
  run: async () => {
    const deleted = await rollUpExperiments();
    if (deleted) log.info(`Experiments: deleted ${deleted} visitor row(s) of finished days`);
  },
  stop: flushVisitorDays,
};
