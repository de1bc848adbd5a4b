/**
 * A fixed histogram of measurements, small enough to keep one per day, page, device and vital for
 * years (decision 048). A value is counted in the bucket named by its upper bound, the value rounded
 * up to two significant digits (in milliseconds; CLS in thousandths): 0-100 one by one, then 110, 120 …
 * 1000, 1100 … 10000, 11000 …, at most 10% wide. Google's thresholds (2500, 4000, 200, 500, 0.1 …) are
 * bounds, so a p75 read from the buckets always gets the verdict the exact values would.
 */
export type Histogram = Record<string, number>;

/** A vital's value in the histogram's integer units: CLS in thousandths, times in milliseconds. */
const unitsOf = (value: number, unitless: boolean) => (unitless ? value * 1000 : value);

/** The bucket a value in units falls in: its upper bound. */
export function bucketOf(units: number): number {
  if (units <= 100) return Math.ceil(units);
  let step = 10 ** (Math.floor(Math.log10(units)) - 1);
  if (step * 10 > units) step /= 10;
  return Math.ceil(units / step) * step;
}

/** How wide the bucket with this upper bound is. */
const widthOf = (bucket: number) =>
  bucket <= 100 ? Math.min(bucket, 1) : 10 ** (Math.ceil(Math.log10(bucket)) - 2);

export function count(histogram: Histogram, value: number, unitless: boolean, times = 1): Histogram {
  const bucket = String(bucketOf(unitsOf(value, unitless)));
  histogram[bucket] = (histogram[bucket] ?? 0) + times;
  return histogram;
}

/** Adds `other`'s counts into `into`. */
export function merge(into: Histogram, other: Histogram): Histogram {
  for (const bucket in other) into[bucket] = (into[bucket] ?? 0) + other[bucket]!;
  return into;
}

export function total(histogram: Histogram): number {
  let n = 0;
  for (const bucket in histogram) n += histogram[bucket]!;
  return n;
}

/**
 * The 75th percentile, as Google reads field data: the value at rank ⌈0.75 n⌉, placed within its
 * bucket by how far into the bucket's count that rank is. Null for an empty histogram.
 */
export function p75(histogram: Histogram, unitless: boolean): number | null {
  const buckets = Object.keys(histogram)
    .map(Number)
    .sort((a, b) => a - b);
  const n = total(histogram);
  if (n === 0) return null;
  const rank = Math.ceil(0.75 * n);
  let before = 0;
  for (const bucket of buckets) {
    const inBucket = histogram[String(bucket)]!;
    if (before + inBucket >= rank) {
      const width = widthOf(bucket);
      const units = bucket - width + (width * (rank - before)) / inBucket;
      return unitless ? Math.round(units) / 1000 : Math.round(units);
    }
    before += inBucket;
  }
  return null;
}
