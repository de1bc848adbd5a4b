import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  addVisitors,
  emptySketch,
  mergeSketches,
  visitorBits,
  visitorCount,
} from "~/features/analytics/visitor-sketch";

/** `n` visitors' bits, as the beacon makes them (a salted SHA-256 in hex), from `from` on. */
const visitors = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    visitorBits(
      createHash("sha256")
        .update(`salt|${from + i}`)
        .digest("hex")
        .slice(0, 32),
    ),
  );

describe("a day's distinct visitors", () => {
  it("are counted exactly while few, each once however often they come back", () => {
    let sketch = emptySketch();
    for (const bits of [visitors(500), visitors(500), visitors(523, 500)]) sketch = addVisitors(sketch, bits);
    expect(visitorCount(sketch)).toBe(1023);
    expect(visitorCount(emptySketch())).toBe(0);
  });

  it("are estimated within a few percent when many, in at most 4 KB", () => {
    for (const n of [1024, 5000, 200_000]) {
      const sketch = addVisitors(emptySketch(), visitors(n));
      expect(sketch.length).toBeLessThanOrEqual(4097);
      expect(Math.abs(visitorCount(sketch) - n) / n).toBeLessThan(0.05);
    }
  });

  it("merge as a union: a visitor of two values is counted once for both", () => {
    const few = (n: number, from: number) => addVisitors(emptySketch(), visitors(n, from));
    expect(visitorCount(mergeSketches(few(300, 0), few(300, 200)))).toBe(500);
    const many = mergeSketches(few(50_000, 0), few(50_000, 25_000));
    expect(Math.abs(visitorCount(many) - 75_000) / 75_000).toBeLessThan(0.05);
    expect(visitorCount(mergeSketches(few(3000, 0), few(10, 0)))).toBe(visitorCount(few(3000, 0)));
  });
});
