import { describe, expect, it } from "vitest";

import {
  addStored,
  bucketOf,
  count,
  emptyHistogram,
  merge,
  p75,
  stored,
  total,
} from "~/features/analytics/vitals/histogram";
import { THRESHOLDS, verdictOf, VITALS } from "~/features/analytics/vitals/vitals";

/** The exact 75th percentile as Google takes it: the value at rank ⌈0.75 n⌉. */
const exactP75 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;

describe("a vitals histogram", () => {
  it("counts the largest value of every vital in a bucket of its own", () => {
    const histogram = emptyHistogram();
    count(histogram, 120_000, false);
    count(histogram, 105_000, false);
    count(histogram, 10, true);
    expect(stored(histogram)).toHaveLength(6);
    expect(p75(histogram, false)).toBe(120_000);
  });

  it("names each bucket by its upper bound, two significant digits, at most a tenth wide", () => {
    expect(
      [0, 0.2, 1, 99.5, 100, 100.1, 104, 999.2, 1000, 1000.5, 2401, 2500, 2500.01, 60_000.3].map(bucketOf),
    ).toEqual([0, 1, 1, 100, 100, 110, 110, 1000, 1000, 1100, 2500, 2500, 2600, 61_000]);
  });

  it("gives every threshold its own bucket bound, so a p75 gets the verdict the exact values would", () => {
    for (const vital of VITALS) {
      const unitless = vital === "CLS";
      const scale = unitless ? 1000 : 1;
      for (const bound of [THRESHOLDS[vital].good, THRESHOLDS[vital].poor])
        expect(bucketOf(bound * scale), `${vital} ${bound}`).toBe(bound * scale);
    }
  });

  it("reads a p75 within a tenth of the exact one, with the same verdict, however the values spread", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const vital = VITALS[round % VITALS.length]!;
      const unitless = vital === "CLS";
      const scale = unitless ? 0.5 : 6000 * random();
      const values = Array.from({ length: 5 + Math.floor(random() * 300) }, () => random() ** 2 * scale);
      const histogram = emptyHistogram();
      for (const value of values) count(histogram, value, unitless);
      expect(total(histogram)).toBe(values.length);
      const exact = exactP75(values);
      const read = p75(histogram, unitless)!;
      expect(Math.abs(read - exact)).toBeLessThanOrEqual(Math.max(exact * 0.1, unitless ? 0.001 : 1));
      expect(verdictOf(vital, read), `${vital} ${exact} read as ${read}`).toBe(verdictOf(vital, exact));
    }
  });

  it("merges days by adding their counts, the same as counting every value once", () => {
    const values = [120, 180, 240, 2600, 2600, 3900, 4100, 90];
    const whole = emptyHistogram();
    for (const value of values) count(whole, value, false);
    const first = emptyHistogram();
    const second = emptyHistogram();
    values.forEach((value, i) => count(i % 2 ? first : second, value, false));
    expect(merge(first, second)).toEqual(whole);
    expect(p75(whole, false)).toBe(p75(first, false));
    // Stored as the buckets that have counts, and read back the same.
    expect(stored(whole)).toHaveLength(2 * 7);
    expect(addStored(emptyHistogram(), stored(whole))).toEqual(whole);
  });

  it("has no p75 when empty", () => {
    expect(p75(emptyHistogram(), false)).toBeNull();
  });
});
