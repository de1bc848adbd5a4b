import { eq } from "drizzle-orm";

import { vitalsDaily } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";

import { flushPageViews } from "../analytics.server";
import { OTHER, VALUES_PER_DAY } from "../values-per-day";
import { addStored, count, emptyHistogram, type Histogram, merge, stored, total } from "./histogram";
import { DEVICE_CLASSES, type DeviceClass, THRESHOLDS, type Vital, VITALS } from "./vitals";

export type VitalsDay = typeof vitalsDaily.$inferSelect;

/** The row of a day's figures for every page together: what the site's figures and trend read. */
export const WHOLE_SITE = "*";
/** How many different causes a day keeps per page, device and vital. */
const CAUSES_KEPT = 3;

/**
 * Phones are Google's "phone" form factor; tablets count with desktops (most iPads say they are Macs,
 * and Google ranks on phone and desktop).
 */
export const deviceClassOf = (device: string): DeviceClass => (device === "mobile" ? "phone" : "desktop");

/** Histograms and the causes of values that were not good, for one page and device or many. */
export type Tally = {
  histograms: Record<Vital, Histogram>;
  causes: Partial<Record<Vital, Map<string, number>>>;
};

export const emptyTally = (): Tally => ({
  histograms: Object.fromEntries(VITALS.map((vital) => [vital, emptyHistogram()])) as Record<
    Vital,
    Histogram
  >,
  causes: {},
});

function addCause(tally: Tally, vital: Vital, cause: string, times: number) {
  const counts = (tally.causes[vital] ??= new Map());
  counts.set(cause, (counts.get(cause) ?? 0) + times);
}

/** Adds a stored day's histograms and causes into `tally`. */
export function addDay(tally: Tally, day: Pick<VitalsDay, "histograms" | "causes">) {
  for (const vital of VITALS) {
    const histogram = day.histograms[vital];
    if (histogram) addStored(tally.histograms[vital], histogram);
    for (const [cause, times] of day.causes[vital] ?? []) addCause(tally, vital, cause, times);
  }
}

/** Adds `other` into `tally`. */
export function addTally(tally: Tally, other: Tally) {
  for (const vital of VITALS) {
    merge(tally.histograms[vital], other.histograms[vital]);
    for (const [cause, times] of other.causes[vital] ?? []) addCause(tally, vital, cause, times);
  }
  return tally;
}

const byCount = <T extends string>([a, x]: [T, number], [b, y]: [T, number]) =>
  y - x || (a < b ? -1 : a > b ? 1 : 0);

/** The causes most often behind values that were not good, most frequent first. */
export const topCauses = (tally: Tally, vital: Vital, kept = CAUSES_KEPT): [string, number][] =>
  [...(tally.causes[vital] ?? [])].sort(byCount).slice(0, kept);

const dayOf = (tally: Tally): Pick<VitalsDay, "measured" | "histograms" | "causes"> => ({
  measured: VITALS.reduce((sum, vital) => sum + total(tally.histograms[vital]), 0),
  histograms: Object.fromEntries(VITALS.map((vital) => [vital, stored(tally.histograms[vital])])),
  causes: Object.fromEntries(
    VITALS.filter((vital) => tally.causes[vital]).map((vital) => [vital, topCauses(tally, vital)]),
  ),
});

type RawVital = {
  day: string;
  path: string;
  device: string;
  vital: Vital;
  value: number;
  cause: string | null;
};

/**
 * The day-by-day histograms of the raw vitals from `from` to `to` (both included), per page and device
 * class: each day's VALUES_PER_DAY most measured pages by name, the others as OTHER (pages
 * are what a beacon says, as in the traffic figures), and every page together as WHOLE_SITE. A cause
 * is kept only with a value that was not good: it is what the owner would fix.
 */
export function aggregateRawVitals(from: string, to: string): VitalsDay[] {
  flushPageViews();
  const raw = getDb()
    .$client.prepare<[string, string], RawVital>(
      `select m.day, p.path, v.device, m.vital, m.value, m.cause
       from page_vitals m join page_views p on p.id = m.page_view_id join visits v on v.id = p.visit_id
       where m.day between ? and ? order by m.day, m.page_view_id`,
    )
    .all(from, to);
  const days = new Map<string, RawVital[]>();
  for (const value of raw) {
    const list = days.get(value.day);
    if (list) list.push(value);
    else days.set(value.day, [value]);
  }
  return [...days].flatMap(([day, values]) => {
    const measured = new Map<string, number>();
    for (const { path } of values) measured.set(path, (measured.get(path) ?? 0) + 1);
    const named = new Set(
      [...measured]
        .sort(byCount)
        .slice(0, VALUES_PER_DAY)
        .map(([path]) => path),
    );
    const tallies = new Map<string, { page: string; device: DeviceClass; tally: Tally }>();
    for (const { path, device, vital, value, cause } of values) {
      const page = named.has(path) ? path : OTHER;
      const deviceClass = deviceClassOf(device);
      const key = `${deviceClass} ${page}`;
      let entry = tallies.get(key);
      if (!entry) tallies.set(key, (entry = { page, device: deviceClass, tally: emptyTally() }));
      count(entry.tally.histograms[vital], value, vital === "CLS");
      if (cause && value > THRESHOLDS[vital].good) addCause(entry.tally, vital, cause, 1);
    }
    const site = { phone: emptyTally(), desktop: emptyTally() };
    for (const { device, tally } of tallies.values()) addTally(site[device], tally);
    return [
      ...[...tallies.values()].map(({ page, device, tally }) => ({ day, page, device, ...dayOf(tally) })),
      ...DEVICE_CLASSES.filter((device) =>
        [...tallies.values()].some((entry) => entry.device === device),
      ).map((device) => ({ day, page: WHOLE_SITE, device, ...dayOf(site[device]) })),
    ];
  });
}

/** Writes a finished day's histograms, in the roll-up's transaction. */
export function rollUpVitals(day: string, tx: Tx) {
  const rows = aggregateRawVitals(day, day);
  tx.delete(vitalsDaily).where(eq(vitalsDaily.day, day)).run();
  for (let i = 0; i < rows.length; i += 500)
    tx.insert(vitalsDaily)
      .values(rows.slice(i, i + 500))
      .run();
}
