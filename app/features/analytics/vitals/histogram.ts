/**
 * A fixed histogram of measurements, small enough to keep one per day, page, device and vital for
 * years, and quick to add up over a year of days (decision 048). A value is counted in the bucket
 * named by its upper bound, the value rounded up to two significant digits (in milliseconds; CLS in
 * thousandths): 0-100 one by one, then 110, 120 … 1000, 1100 … 10000, 11000 …, at most 10% wide.
 * Google's thresholds (2500, 4000, 200, 500, 0.1 …) are bounds, so a p75 read from the buckets always
 * gets the verdict the exact values would.
 *
 * In memory a histogram is an array of counts by bucket number; stored, the buckets that have counts
 * as pairs `[bucket number, count, …]`.
 */
export type Histogram = number[];
export type StoredHistogram = number[];

/** Buckets up to 1,000,000 units: every vital's largest value (LCP 120 s, CLS 10) fits. */
const BUCKETS = 461;

/** The bucket a value in units falls in, by its upper bound. */
export function bucketOf(units: number): number {
  if (units <= 100) return Math.ceil(units);
  let step = 10 ** (Math.floor(Math.log10(units)) - 1);
  if (step * 10 > units) step /= 10;
  return Math.ceil(units / step) * step;
}

/** A bucket's number from its upper bound: 0-100, then 90 to a decade. */
function numberOf(bound: number): number {
  if (bound <= 100) return bound;
  const decade = Math.ceil(Math.log10(bound)) - 1;
  return Math.round(100 + 90 * (decade - 2) + (bound - 10 ** decade) / 10 ** (decade - 1));
}

/** The upper bound of bucket `n`, and its width. */
function boundsOf(n: number): { upper: number; width: number } {
  if (n <= 100) return { upper: n, width: Math.min(n, 1) };
  const decade = 2 + Math.floor((n - 101) / 90);
  const step = 10 ** (decade - 1);
  return { upper: 10 ** decade + (((n - 101) % 90) + 1) * step, width: step };
}

const unitsOf = (value: number, unitless: boolean) => (unitless ? value * 1000 : value);

export const emptyHistogram = (): Histogram => new Array<number>(BUCKETS).fill(0);

/** Counts `value` `times` times (-1 takes a value counted before back out). */
export function count(histogram: Histogram, value: number, unitless: boolean, times = 1): Histogram {
  const n = Math.min(numberOf(bucketOf(unitsOf(value, unitless))), BUCKETS - 1);
  histogram[n] = Math.max(0, histogram[n]! + times);
  return histogram;
}

/** Adds a stored histogram's counts into `into`. */
export function addStored(into: Histogram, stored: StoredHistogram): Histogram {
  for (let i = 0; i < stored.length; i += 2) into[stored[i]!]! += stored[i + 1]!;
  return into;
}

export function merge(into: Histogram, other: Histogram): Histogram {
  for (let n = 0; n < BUCKETS; n++) into[n]! += other[n]!;
  return into;
}

export function stored(histogram: Histogram): StoredHistogram {
  const pairs: number[] = [];
  histogram.forEach((times, n) => times && pairs.push(n, times));
  return pairs;
}

export function total(histogram: Histogram): number {
  let n = 0;
  for (const times of histogram) n += times;
  return n;
}

/**
 * The 75th percentile, as Google reads field data: the value at rank ⌈0.75 n⌉, placed within its
 * bucket by how far into the bucket's count that rank is. Null for an empty histogram.
 */
export function p75(histogram: Histogram, unitless: boolean): number | null {
  const rank = Math.ceil(0.75 * total(histogram));
  if (rank === 0) return null;
  let before = 0;
  for (let n = 0; n < BUCKETS; n++) {
    const inBucket = histogram[n]!;
    if (before + inBucket >= rank && inBucket > 0) {
      const { upper, width } = boundsOf(n);
      const units = upper - width + (width * (rank - before)) / inBucket;
      return unitless ? Math.round(units) / 1000 : Math.round(units);
    }
    before += inBucket;
  }
  return null;
}
