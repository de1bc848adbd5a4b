import type { vitalsDaily } from "#db/schema";

import { addStored, emptyHistogram, type Histogram, merge } from "./histogram";
import type { DeviceClass, Vital } from "./vitals";
import { VITALS } from "./vitals";

export type VitalsDay = typeof vitalsDaily.$inferSelect;

/** The row of a day's figures for every page together: what the site's figures and trend read. */
export const WHOLE_SITE = "*";
/** How many different causes a day keeps per page, device and vital. */
export const CAUSES_KEPT = 3;

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
  return tally;
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
