import type Database from "better-sqlite3";
import { eq } from "drizzle-orm";

import { vitalsDaily, vitalsLive } from "#db/schema";
import type { Tx } from "~/platform/db.server";

import { LIVE_VALUES } from "../live-counts.server";
import { OTHER, VALUES_PER_DAY } from "../values-per-day";
import { count, stored, total } from "./histogram";
import { type DeviceClass, THRESHOLDS, type Vital, VITALS } from "./vitals";
import {
  addDay,
  addTally,
  CAUSES_KEPT,
  emptyTally,
  type Tally,
  topCauses,
  type VitalsDay,
  WHOLE_SITE,
} from "./vitals-days.server";

/** A day not rolled up yet names this many causes per page, device and vital; later ones go uncounted. */
const LIVE_CAUSES = 20;

type StoredRow = { id: number; page: string; device: DeviceClass; histograms: string; causes: string };

/** A stored day's figures, `kept` causes per vital (the most frequent). */
export const dayOf = (tally: Tally, kept: number): Pick<VitalsDay, "measured" | "histograms" | "causes"> => ({
  measured: VITALS.reduce((sum, vital) => sum + total(tally.histograms[vital]), 0),
  histograms: Object.fromEntries(VITALS.map((vital) => [vital, stored(tally.histograms[vital])])),
  causes: Object.fromEntries(
    VITALS.filter((vital) => tally.causes[vital]?.size).map((vital) => [
      vital,
      topCauses(tally, vital, kept),
    ]),
  ),
});

const tallyOf = (row: Pick<StoredRow, "histograms" | "causes">) =>
  addDay(emptyTally(), { histograms: JSON.parse(row.histograms), causes: JSON.parse(row.causes) });

/** A value counted (`times` 1) or taken back out (-1), with its cause when it was not good. */
function countInto(tally: Tally, vital: Vital, value: number, cause: string | null, times: number) {
  count(tally.histograms[vital], value, vital === "CLS", times);
  if (!cause || value <= THRESHOLDS[vital].good) return;
  const causes = (tally.causes[vital] ??= new Map());
  const now = (causes.get(cause) ?? 0) + times;
  if (now <= 0) causes.delete(cause);
  else if (causes.has(cause) || causes.size < LIVE_CAUSES) causes.set(cause, now);
}

type Change = { vital: Vital; value: number; cause: string | null; times: number };

/**
 * What a batch of vitals adds to the day's histograms per page and device class and for the whole
 * site, gathered and written at once (inside the caller's transaction). A page view's vitals sent again
 * replace its earlier ones: those are taken back out.
 */
export function liveVitals(sqlite: Database.Database) {
  const find = sqlite.prepare<[string, string, string], StoredRow>(
    "select id, page, device, histograms, causes from vitals_live where day = ? and page = ? and device = ?",
  );
  const pages = sqlite.prepare<[string], number>("select count(*) from vitals_live where day = ?").pluck();
  const insert = sqlite.prepare<[string, string, string, number, string, string]>(
    "insert into vitals_live (day, page, device, measured, histograms, causes) values (?, ?, ?, ?, ?, ?)",
  );
  const update = sqlite.prepare<[number, string, string, number]>(
    "update vitals_live set measured = ?, histograms = ?, causes = ? where id = ?",
  );
  const changes = new Map<string, { day: string; page: string; device: DeviceClass; values: Change[] }>();

  /** The batch's changes by the row they go to: beyond the day's LIVE_VALUES pages (a row per page and device), OTHER. */
  function byRow() {
    const rowsSoFar = new Map<string, number>();
    const rows = new Map<string, { day: string; page: string; device: DeviceClass; values: Change[] }>();
    for (const change of changes.values()) {
      const { day, device } = change;
      let page = change.page;
      if (page !== WHOLE_SITE && page !== OTHER && !find.get(day, page, device)) {
        const stored = rowsSoFar.get(day) ?? pages.get(day)!;
        if (stored >= 2 * LIVE_VALUES) page = OTHER;
        rowsSoFar.set(day, page === OTHER ? stored : stored + 1);
      }
      const key = `${day}\u0000${page}\u0000${device}`;
      const row = rows.get(key);
      if (!row) rows.set(key, { ...change, page, values: [...change.values] });
      else row.values.push(...change.values);
    }
    return rows;
  }

  function write(day: string, page: string, device: DeviceClass, values: Change[]) {
    const row = find.get(day, page, device);
    const tally = row ? tallyOf(row) : emptyTally();
    for (const { vital, value, cause, times } of values) countInto(tally, vital, value, cause, times);
    const { measured, histograms, causes } = dayOf(tally, LIVE_CAUSES);
    if (row) update.run(measured, JSON.stringify(histograms), JSON.stringify(causes), row.id);
    else insert.run(day, page, device, measured, JSON.stringify(histograms), JSON.stringify(causes));
  }

  const add = (day: string, page: string, device: DeviceClass, change: Change) => {
    const key = `${day}\u0000${page}\u0000${device}`;
    let entry = changes.get(key);
    if (!entry) changes.set(key, (entry = { day, page, device, values: [] }));
    entry.values.push(change);
  };

  return {
    /** A page view's vital, and what it replaces (the same page view's earlier value), if anything. */
    add(
      day: string,
      page: string,
      device: DeviceClass,
      now: Omit<Change, "times">,
      before?: { value: number; cause: string | null },
    ) {
      for (const where of [page, WHOLE_SITE]) {
        if (before) add(day, where, device, { vital: now.vital, ...before, times: -1 });
        add(day, where, device, { ...now, times: 1 });
      }
    },
    write() {
      for (const { day, page, device, values } of byRow().values()) write(day, page, device, values);
      changes.clear();
    },
    discard: () => changes.clear(),
  };
}

/**
 * Writes a finished day's histograms from its live ones, in the roll-up's transaction: its
 * VALUES_PER_DAY most measured pages by name (a tie goes to the page measured first), the others
 * together as OTHER, the whole site as it was counted.
 */
export function rollUpVitals(day: string, tx: Tx) {
  const rows = tx.select().from(vitalsLive).where(eq(vitalsLive.day, day)).all();
  const measuredOf = new Map<string, { measured: number; first: number }>();
  for (const row of rows) {
    if (row.page === WHOLE_SITE || row.page === OTHER) continue;
    const page = measuredOf.get(row.page) ?? { measured: 0, first: row.id };
    measuredOf.set(row.page, { measured: page.measured + row.measured, first: Math.min(page.first, row.id) });
  }
  const named = new Set(
    [...measuredOf]
      .sort(([, a], [, b]) => b.measured - a.measured || a.first - b.first)
      .slice(0, VALUES_PER_DAY)
      .map(([page]) => page),
  );
  const days = new Map<string, { page: string; device: DeviceClass; tally: Tally }>();
  for (const row of rows) {
    const page = row.page === WHOLE_SITE || named.has(row.page) ? row.page : OTHER;
    const key = `${row.device} ${page}`;
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = { page, device: row.device, tally: emptyTally() }));
    addTally(entry.tally, addDay(emptyTally(), row));
  }
  const written = [...days.values()].map(({ page, device, tally }) => ({
    day,
    page,
    device,
    ...dayOf(tally, CAUSES_KEPT),
  }));
  tx.delete(vitalsDaily).where(eq(vitalsDaily.day, day)).run();
  for (let i = 0; i < written.length; i += 500)
    tx.insert(vitalsDaily)
      .values(written.slice(i, i + 500))
      .run();
  tx.delete(vitalsLive).where(eq(vitalsLive.day, day)).run();
}
