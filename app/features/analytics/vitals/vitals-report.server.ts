import { getDb } from "~/platform/db.server";
import { addDays, daysBetween } from "~/platform/text/dublin-time";

import { flushPageViews } from "../analytics.server";
import { p75, total } from "./histogram";
import {
  CORE_VITALS,
  ENOUGH_MEASUREMENTS,
  THRESHOLDS,
  type Verdict,
  verdictOf,
  type Vital,
  VITALS,
} from "./vitals";
import {
  addDay,
  addTally,
  emptyTally,
  type Tally,
  topCauses,
  type VitalsDay,
  WHOLE_SITE,
} from "./vitals-days.server";

/**
 * A vital's figure over a period: its p75 and Google's verdict on it (both null below
 * ENOUGH_MEASUREMENTS), how many measurements back it, and for a figure that is not good the element
 * most often behind the values that were not.
 */
export type Figure = { p75: number | null; verdict: Verdict | null; n: number; cause?: string };
export type Figures = Record<Vital, Figure>;
type Period = { from: string; to: string };
type StoredRow = Omit<VitalsDay, "measured" | "histograms" | "causes"> & {
  histograms: string;
  causes: string;
};

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

const sum = (...tallies: Tally[]) => tallies.reduce(addTally, emptyTally());

/** Pages listed, the most measured first. */
const PAGES_LISTED = 10;
/** Up to this many days the trend is per day, beyond it per week. */
const DAILY_TREND_DAYS = 31;

/**
 * The period's Web Vitals: for the whole site, per device class, per page (the PAGES_LISTED most
 * measured) and as a trend per day or week. Rolled-up days are read from their histograms, the others
 * from the histograms counted as the vitals arrived, as the traffic figures are.
 */
export function vitalsReport({ from, to }: Period) {
  // Vitals still waiting to be written count, as page views do.
  flushPageViews();
  const sqlite = getDb().$client;

  // The most measured pages, counted in SQL before any histogram is read: the rolled-up days, and
  // the days not rolled up yet (today) as their histograms were counted when the vitals arrived.
  const listed = sqlite
    .prepare<[{ from: string; to: string; site: string }], string>(
      `select page from (
         select page, measured from vitals_daily where day between @from and @to
         union all select page, measured from vitals_live where day between @from and @to)
       where page <> @site group by page order by sum(measured) desc, page limit ${PAGES_LISTED}`,
    )
    .pluck()
    .all({ from, to, site: WHOLE_SITE });

  const rowsOf = (pages: string[]) =>
    sqlite
      .prepare<[{ from: string; to: string; pages: string }], StoredRow>(
        `select day, page, device, histograms, causes from vitals_daily
         where day between @from and @to and page in (select value from json_each(@pages))
         union all select day, page, device, histograms, causes from vitals_live
         where day between @from and @to and page in (select value from json_each(@pages))`,
      )
      .all({ from, to, pages: JSON.stringify(pages) })
      .map(
        (row) =>
          ({ ...row, histograms: JSON.parse(row.histograms), causes: JSON.parse(row.causes) }) as VitalsDay,
      );

  const step = daysBetween(from, to) <= DAILY_TREND_DAYS ? 1 : 7;
  const trend = Array.from({ length: Math.ceil(daysBetween(from, to) / step) }, (_, i) => {
    const start = addDays(from, i * step);
    const end = addDays(start, step - 1);
    return { from: start, to: end < to ? end : to, phone: emptyTally(), desktop: emptyTally() };
  });
  const devices = { phone: emptyTally(), desktop: emptyTally() };
  for (const day of rowsOf([WHOLE_SITE])) {
    addDay(devices[day.device], day);
    addDay(trend[Math.floor((daysBetween(from, day.day) - 1) / step)]![day.device], day);
  }
  const pages = new Map(listed.map((page) => [page, { phone: emptyTally(), desktop: emptyTally() }]));
  for (const day of rowsOf(listed)) addDay(pages.get(day.page)![day.device], day);

  return {
    thresholds: THRESHOLDS,
    enough: ENOUGH_MEASUREMENTS,
    ...figuresOf(sum(devices.phone, devices.desktop), VITALS),
    phone: figuresOf(devices.phone, VITALS),
    desktop: figuresOf(devices.desktop, VITALS),
    pages: [...pages].map(([path, byDevice]) => ({
      path,
      ...figuresOf(sum(byDevice.phone, byDevice.desktop), VITALS),
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
