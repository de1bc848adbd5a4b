// The experiments' statistics: the verdict's rule, the split's check and the figures the owner reads.
import { describe, expect, it } from "vitest";

import {
  ALPHA,
  chanceToBeat,
  judge,
  mixtureRatio,
  splitPValue,
  wilsonInterval,
} from "~/features/experiments/statistics";

const day = (...arms: [number, number][]) =>
  arms.map(([visitors, conversions]) => ({ visitors, conversions }));

describe("the verdict", () => {
  it("collects while there is little evidence, and says no difference only at the horizon", () => {
    expect(judge(["control", "b"], []).verdict).toBe("collecting");
    const even = Array.from({ length: 28 }, () => day([150, 5], [150, 5]));
    expect(judge(["control", "b"], even.slice(0, 10)).verdict).toBe("collecting");
    expect(judge(["control", "b"], even).verdict).toBe("no difference");
    // Days without visitors count towards the horizon too.
    expect(judge(["control", "b"], even.slice(0, 3), { elapsed: 28 }).verdict).toBe("no difference");
  });

  it("names a clear winner on the first day its evidence reaches the bar, and keeps it", () => {
    // 3 % against 15 %: Λ is about 2.5 after the first day, thousands after the second.
    const days = [day([150, 3], [150, 12]), day([450, 9], [450, 48]), day([150, 30], [150, 0])];
    const judged = judge(["control", "b"], days);
    expect(judged.verdict).toBe("winner");
    expect(judged.winner).toBe("b");
    expect(judged.decidedOnDay).toBe(2);
    expect(judged.evidence.b).toBeGreaterThanOrEqual(1 / ALPHA);
  });

  it("never calls a worse variant the winner (one-sided) and asks more of each among several", () => {
    const worse = Array.from({ length: 10 }, () => day([150, 12], [150, 2]));
    expect(judge(["control", "b"], worse).winner).toBeNull();
    expect(
      mixtureRatio({ visitors: 1500, conversions: 120 }, { visitors: 1500, conversions: 20 }),
    ).toBeLessThan(1);
    // Evidence just over one variant's bar (20) is under three variants' (60).
    const ratio = mixtureRatio({ visitors: 2000, conversions: 60 }, { visitors: 2000, conversions: 95 });
    expect(ratio).toBeGreaterThan(20);
    expect(ratio).toBeLessThan(60);
  });

  it("withholds the verdict when the split is broken", () => {
    const days = [day([1000, 20], [800, 60])];
    const judged = judge(["control", "b"], days);
    expect(judged.srm.flagged).toBe(true);
    expect(judged.verdict).toBe("withheld");
    expect(judged.winner).toBeNull();
  });
});

describe("the figures", () => {
  it("checks the split with a chi-square p-value for two to four arms", () => {
    expect(splitPValue([50, 40])).toBeNull();
    expect(splitPValue([500, 500])).toBeCloseTo(1, 5);
    expect(splitPValue([1000, 900])!).toBeCloseTo(0.0217, 3);
    expect(splitPValue([400, 300, 300])!).toBeCloseTo(Math.exp(-20 / 2), 6);
    expect(splitPValue([300, 300, 300, 300])).toBeCloseTo(1, 5);
    expect(splitPValue([400, 300, 300, 300])!).toBeLessThan(0.01);
  });

  it("gives a rate's Wilson interval and the chance to beat the control", () => {
    const [low, high] = wilsonInterval({ visitors: 100, conversions: 10 });
    expect(low).toBeCloseTo(0.0552, 3);
    expect(high).toBeCloseTo(0.1744, 3);
    expect(wilsonInterval({ visitors: 0, conversions: 0 })).toEqual([0, 1]);
    const same = { visitors: 1000, conversions: 30 };
    expect(chanceToBeat(same, same)).toBeCloseTo(0.5, 5);
    expect(chanceToBeat(same, { visitors: 1000, conversions: 60 })).toBeGreaterThan(0.99);
  });
});
