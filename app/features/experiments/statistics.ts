import { errorFunction, probit } from "simple-statistics";

/**
 * The experiments' statistics (decision 056), pure so the product and `npm run bench:experiments` run
 * the same rule.
 *
 * The verdict is a one-sided mixture sequential probability ratio test (mSPRT; Robbins 1970, as
 * Johari, Pekelis and Walsh, "Always Valid Inference", 2017, use it for A/B tests) of each variant's
 * conversion rate against the control's, on the normal approximation of the difference in rates with a
 * half-normal mixing distribution of scale TAU. Its likelihood ratio is a non-negative martingale when
 * the variant is no better, so by Ville's inequality the chance that it EVER reaches 1/α is at most α,
 * however often it is looked at: the owner may look every day. With several variants, each is tested
 * at α divided by their number (Bonferroni). The stopping rule: a variant wins the first day its
 * ratio reaches the bar; if none has by PLANNED_DAYS, there is no difference worth having.
 */

/** The chance of declaring a winner that is only noise, over the whole test. */
export const ALPHA = 0.05;
/**
 * The mixing scale on the difference of rates (1.2 percentage points): the size of lift the test is most
 * sensitive to. Any fixed value keeps the error bound; this one was chosen with the bench (a +50 %
 * lift on a 3 % base at 300 visitors a day).
 */
export const TAU = 0.012;
/** How long a test runs at most: the stopping rule's horizon. */
export const PLANNED_DAYS = 28;
/** A split this unlikely (chi-square p-value) is broken: the verdict is withheld (Fabijan et al., 2019). */
export const SRM_P = 0.001;
/** Below this many visitor-days in all, the split is not judged yet. */
const SRM_MIN_VISITORS = 100;

/** The standard normal distribution function. */
export const normalCdf = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

export type Counts = { visitors: number; conversions: number };

/** A rate's estimate for the variance, kept off 0 and 1 (no conversions yet is not certainty). */
const smoothed = ({ visitors, conversions }: Counts) => (conversions + 0.5) / (visitors + 1);

/**
 * The one-sided mixture likelihood ratio that `variant` converts better than `control` (Λ). At least
 * one visitor-day in each arm, else 1 (no evidence).
 */
export function mixtureRatio(control: Counts, variant: Counts, tau = TAU): number {
  if (control.visitors < 1 || variant.visitors < 1) return 1;
  const pc = smoothed(control);
  const pv = smoothed(variant);
  const v = (pc * (1 - pc)) / control.visitors + (pv * (1 - pv)) / variant.visitors;
  const difference = variant.conversions / variant.visitors - control.conversions / control.visitors;
  const t2 = tau * tau;
  const exponent = (t2 * difference * difference) / (2 * v * (v + t2));
  const positive = normalCdf((difference * tau) / Math.sqrt(v * (v + t2)));
  return 2 * Math.sqrt(v / (v + t2)) * Math.exp(exponent) * positive;
}

/** A rate's 95 % interval (Wilson score), as [low, high]. */
export function wilsonInterval({ visitors, conversions }: Counts, confidence = 0.95): [number, number] {
  if (visitors === 0) return [0, 1];
  const z = probit(1 - (1 - confidence) / 2);
  const p = conversions / visitors;
  const centre = (p + (z * z) / (2 * visitors)) / (1 + (z * z) / visitors);
  const half =
    (z * Math.sqrt((p * (1 - p)) / visitors + (z * z) / (4 * visitors * visitors))) /
    (1 + (z * z) / visitors);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The chance that the variant's true rate is higher than the control's, from each arm's Beta(1 +
 * conversions, 1 + misses) posterior (normal approximation). A description for the owner, not the
 * verdict: it answers "which looks better now", the verdict "has it been shown".
 */
export function chanceToBeat(control: Counts, variant: Counts): number {
  const moments = ({ visitors, conversions }: Counts) => {
    const a = conversions + 1;
    const b = visitors - conversions + 1;
    return { mean: a / (a + b), variance: (a * b) / ((a + b) ** 2 * (a + b + 1)) };
  };
  const c = moments(control);
  const v = moments(variant);
  return normalCdf((v.mean - c.mean) / Math.sqrt(c.variance + v.variance));
}

/** The chi-square test's p-value that the visitor-days were split evenly between the arms (1 to 4 arms). */
export function splitPValue(visitors: number[]): number | null {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  if (visitors.length < 2 || total < SRM_MIN_VISITORS) return null;
  const expected = total / visitors.length;
  const x = visitors.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
  const tail = 2 * (1 - normalCdf(Math.sqrt(x)));
  switch (visitors.length - 1) {
    case 1:
      return tail;
    case 2:
      return Math.exp(-x / 2);
    default:
      // Three degrees of freedom.
      return tail + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2);
  }
}

export type Verdict = "collecting" | "winner" | "no difference" | "withheld";

export type Judgement = {
  verdict: Verdict;
  /** The winning arm's key, for a winner. */
  winner: string | null;
  /** The day (1 = the first) the winner was shown, for a winner. */
  decidedOnDay: number | null;
  /** Each variant's largest ratio so far, by key. */
  evidence: Record<string, number>;
  srm: { flagged: boolean; pValue: number | null };
};

/** One day's counts of each arm (visitor-days and conversions that day), the control first. */
export type Day = Counts[];

/**
 * The verdict over the days so far (each day's counts per arm, the control first, in `keys`' order),
 * looked at at the end of every day: the first day a variant's ratio reaches its bar it wins (and stays
 * the winner: an always-valid p-value never rises); after `planned` days without one, no difference.
 * A broken split withholds it. `elapsed` is how many whole days the test has run (days without
 * visitors count too).
 */
export function judge(
  keys: string[],
  days: Day[],
  { planned = PLANNED_DAYS, elapsed = days.length }: { planned?: number; elapsed?: number } = {},
): Judgement {
  const variants = keys.length - 1;
  const bar = variants / ALPHA;
  const totals: Counts[] = keys.map(() => ({ visitors: 0, conversions: 0 }));
  const evidence: Record<string, number> = Object.fromEntries(keys.slice(1).map((key) => [key, 1]));
  let winner: string | null = null;
  let decidedOnDay: number | null = null;
  days.forEach((day, index) => {
    day.forEach((counts, arm) => {
      totals[arm]!.visitors += counts.visitors;
      totals[arm]!.conversions += counts.conversions;
    });
    for (let arm = 1; arm < keys.length; arm++) {
      const key = keys[arm]!;
      evidence[key] = Math.max(evidence[key]!, mixtureRatio(totals[0]!, totals[arm]!));
    }
    if (winner !== null) return;
    const best = keys
      .slice(1)
      .filter((key) => evidence[key]! >= bar)
      .sort((a, b) => evidence[b]! - evidence[a]!)[0];
    if (best) {
      winner = best;
      decidedOnDay = index + 1;
    }
  });
  const pValue = splitPValue(totals.map((counts) => counts.visitors));
  const srm = { flagged: pValue !== null && pValue < SRM_P, pValue };
  if (srm.flagged) return { verdict: "withheld", winner: null, decidedOnDay: null, evidence, srm };
  if (winner) return { verdict: "winner", winner, decidedOnDay, evidence, srm };
  return {
    verdict: elapsed >= planned ? "no difference" : "collecting",
    winner: null,
    decidedOnDay: null,
    evidence,
    srm,
  };
}
