import { eq } from "drizzle-orm";

import { experimentDaily } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { dublinDay } from "~/platform/text/dublin-time";

import { flushVisitorDays } from "./counting.server";
import type { Experiment, Goal } from "./experiments.server";
import {
  chanceToBeat,
  type Counts,
  type Day,
  judge,
  type Judgement,
  PLANNED_DAYS,
  wilsonInterval,
} from "./statistics";

export type ArmResult = {
  key: string;
  text: string;
  visitors: number;
  conversions: number;
  /** Conversions ÷ visitor-days, and its 95 % interval. */
  rate: number;
  interval: [number, number];
  /** For a variant, the chance its true rate is above the control's; null for the control. */
  chanceToBeatControl: number | null;
};

export type Results = Judgement & {
  arms: ArmResult[];
  /** Whole days run (to now, or to the stop), and the most it runs. */
  daysRun: number;
  plannedDays: number;
  /** What the numbers mean, in the owner's words. */
  summary: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole calendar days (Dublin) from `from` to `to`. */
const daysBetween = (from: Date, to: Date) =>
  Math.round((Date.parse(dublinDay(to)) - Date.parse(dublinDay(from))) / DAY_MS);

const GOAL_WORDS: Record<Goal, string> = {
  enquiry: "enquiries",
  newsletter: "newsletter sign-ups",
  contact: "visits to the contact page",
};

function summaryOf(experiment: Experiment, judged: Judgement, daysRun: number): string {
  const goal = GOAL_WORDS[experiment.goal];
  switch (judged.verdict) {
    case "withheld":
      return (
        `Visitors are not being shared out evenly between the versions (a split this uneven happens by chance ` +
        `less than once in a thousand tests), so these numbers cannot be trusted and there is no verdict. ` +
        `Something other than chance is sending visitors to one version: check redirects, links with ?arm= ` +
        `and caches in front of the site.`
      );
    case "winner":
      return (
        `Version ${judged.winner!.toUpperCase()} brings more ${goal} than the current words: shown on day ` +
        `${judged.decidedOnDay}, with less than a 5 % chance of being noise, however often you looked. Apply it ` +
        `to show it to everyone.`
      );
    case "no difference":
      return (
        `After ${daysRun} days no version brought more ${goal} than the current words by enough to show. ` +
        `Keep the current words, or apply one you prefer: any difference is too small to measure at this traffic.`
      );
    default:
      return (
        `Still collecting: day ${Math.min(daysRun + 1, PLANNED_DAYS)} of at most ${PLANNED_DAYS}. Look as often as ` +
        `you like; a version is called the winner only once the evidence is strong enough, and looking does not ` +
        `change that. Until then, a version ahead is not yet a winner.` +
        (experiment.status === "stopped" ? " This experiment was stopped before a verdict." : "")
      );
  }
}

/** An experiment's figures per arm, its verdict under the stopping rule, and the split's check. */
export function resultsOf(experiment: Experiment, now = new Date()): Results {
  if (experiment.status === "running") flushVisitorDays();
  // The day-by-arm figures (a few rows a day), never the visitor rows: reading results costs the same at any traffic.
  const rows = getDb()
    .select({
      day: experimentDaily.day,
      arm: experimentDaily.arm,
      visitors: experimentDaily.visitors,
      conversions: experimentDaily.conversions,
    })
    .from(experimentDaily)
    .where(eq(experimentDaily.experimentId, experiment.id))
    .orderBy(experimentDaily.day)
    .all();
  const keys = experiment.arms.map((arm) => arm.key);
  const days = new Map<string, Day>();
  for (const row of rows) {
    const index = keys.indexOf(row.arm);
    if (index === -1) continue;
    let day = days.get(row.day);
    if (!day) days.set(row.day, (day = keys.map(() => ({ visitors: 0, conversions: 0 }))));
    day[index] = { visitors: row.visitors, conversions: row.conversions };
  }
  const daysRun = daysBetween(experiment.startedAt, experiment.stoppedAt ?? now);
  const judged = judge(keys, [...days.values()], { elapsed: daysRun });
  const totals: Counts[] = keys.map((_, index) =>
    [...days.values()].reduce(
      (sum, day) => ({
        visitors: sum.visitors + day[index]!.visitors,
        conversions: sum.conversions + day[index]!.conversions,
      }),
      { visitors: 0, conversions: 0 },
    ),
  );
  const arms = experiment.arms.map((arm, index) => {
    const counts = totals[index]!;
    return {
      key: arm.key,
      text: arm.text,
      ...counts,
      rate: counts.visitors ? counts.conversions / counts.visitors : 0,
      interval: wilsonInterval(counts),
      chanceToBeatControl: index === 0 ? null : chanceToBeat(totals[0]!, counts),
    };
  });
  return {
    ...judged,
    arms,
    daysRun,
    plannedDays: PLANNED_DAYS,
    summary: summaryOf(experiment, judged, daysRun),
  };
}
