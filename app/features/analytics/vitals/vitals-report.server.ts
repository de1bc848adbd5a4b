import { between } from "drizzle-orm";

import { vitalsDaily } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { addDays, daysBetween } from "~/platform/text/dublin-time";

import { p75, total } from "./histogram";
import {
  CORE_VITALS,
  DEVICE_CLASSES,
  type DeviceClass,
  ENOUGH_MEASUREMENTS,
  THRESHOLDS,
  type Verdict,
  verdictOf,
  type Vital,
  VITALS,
} from "./vitals";
import { addDay, aggregateRawVitals, emptyTally, type Tally, topCauses } from "./vitals-days.server";

/**
 * A vital's figure over a period: its p75 and Google's verdict on it (both null below
 * ENOUGH_MEASUREMENTS), how many measurements back it, and for a figure that is not good the element
 * most often behind the values that were not.
 */
export type Figure = { p75: number | null; verdict: Verdict | null; n: number; cause?: string };
export type Figures = Record<Vital, Figure>;
type Period = { from: string; to: string };

function figureOf(tally: Tally, vital: Vital): Figure {
  const histogram = tally.histograms[vital];
  const n = total(histogram);
  const value = n >= ENOUGH_MEASUREMENTS ? p75(histogram, vital === "CLS") : null;
  const verdict = value === null ? null : verdictOf(vital, value);
  const cause = verdict && verdict !== "good" ? topCauses(tally, vital, 1)[0]?.[0] : undefined;
  return { p75: value, verdict, n, ...(cause && { cause }) };
}

const figuresOf = <V extends Vital>(tally: Tally, vitals: readonly V[]) =>
  Object.fromEntries(vitals.map((vital) => [vital, figureOf(tally, vital)])) as Record<V, Figure>;

const sum = (...tallies: Tally[]) => {
  const all = emptyTally();
  for (const tally of tallies)
    addDay(all, {
      histograms: tally.histograms,
      causes: Object.fromEntries(Object.entries(tally.causes).map(([vital, counts]) => [vital, [...counts]])),
    });
  return all;
};

/** Pages listed, the most measured first. */
const PAGES_LISTED = 20;
/** Up to this many days the trend is per day, beyond it per week. */
const DAILY_TREND_DAYS = 31;

/**
 * The period's Web Vitals: for the whole site, per device class, per page (the PAGES_LISTED most
 * measured) and as a trend per day or week. Rolled-up days are read from their histograms, the others
 * from the raw values, as the traffic figures are.
 */
export function vitalsReport({ from, to }: Period) {
  const rolled = getDb()
    .select()
    .from(vitalsDaily)
    .where(between(vitalsDaily.day, from, to))
    .all();
  const rolledDays = new Set(rolled.map((row) => row.day));
  const days = [...rolled, ...aggregateRawVitals(from, to).filter((row) => !rolledDays.has(row.day))];

  const step = daysBetween(from, to) <= DAILY_TREND_DAYS ? 1 : 7;
  const trend = Array.from({ length: Math.ceil(daysBetween(from, to) / step) }, (_, i) => {
    const start = addDays(from, i * step);
    const end = addDays(start, step - 1);
    return { from: start, to: end < to ? end : to, phone: emptyTally(), desktop: emptyTally() };
  });
  const pages = new Map<string, Record<DeviceClass, Tally>>();
  for (const day of days) {
    let page = pages.get(day.page);
    if (!page) pages.set(day.page, (page = { phone: emptyTally(), desktop: emptyTally() }));
    addDay(page[day.device], day);
    addDay(trend[Math.floor((daysBetween(from, day.day) - 1) / step)]![day.device], day);
  }

  const devices = Object.fromEntries(
    DEVICE_CLASSES.map((device) => [device, sum(...[...pages.values()].map((page) => page[device]))]),
  ) as Record<DeviceClass, Tally>;
  const measured = (tally: Tally) => Math.max(...VITALS.map((vital) => total(tally.histograms[vital])));
  const listed = [...pages]
    .map(([path, byDevice]) => ({ path, all: sum(byDevice.phone, byDevice.desktop), byDevice }))
    .sort((a, b) => measured(b.all) - measured(a.all) || (a.path < b.path ? -1 : 1))
    .slice(0, PAGES_LISTED);

  return {
    thresholds: THRESHOLDS,
    enough: ENOUGH_MEASUREMENTS,
    ...figuresOf(sum(devices.phone, devices.desktop), VITALS),
    phone: figuresOf(devices.phone, VITALS),
    desktop: figuresOf(devices.desktop, VITALS),
    pages: listed.map(({ path, all, byDevice }) => ({
      path,
      ...figuresOf(all, VITALS),
      phone: figuresOf(byDevice.phone, VITALS),
      desktop: figuresOf(byDevice.desktop, VITALS),
    })),
    trend: trend.map(({ from, to, phone, desktop }) => ({
      from,
      to,
      phone: figuresOf(phone, CORE_VITALS),
      desktop: figuresOf(desktop, CORE_VITALS),
    })),
  };
}

export type VitalsReport = ReturnType<typeof vitalsReport>;
