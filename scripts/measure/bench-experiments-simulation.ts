// The experiments' stopping rule proved by simulation (decision 056): A/A tests (no true difference)
// looked at every day for 28 days, counting how often the product's own rule names a winner; and A/B
// tests with a true +50 % relative lift on a 3 % base at 300 visitors a day, counting how often it
// finds it within 28 days and after how many days. The product's `judge` decides in both.
import { median } from "simple-statistics";

import { judge, PLANNED_DAYS } from "../../app/features/experiments/index.server";

/** A small, seeded generator (mulberry32): the same figures on every run of the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Scenario = { runs: number; visitorsPerDay: number; base: number; lift: number; seed: number };

/** How many runs named a winner (and which), and on which day each did. */
export function simulate({ runs, visitorsPerDay, base, lift, seed }: Scenario) {
  const random = generator(seed);
  const rates = [base, base * (1 + lift)];
  let winners = 0;
  const days: number[] = [];
  for (let run = 0; run < runs; run++) {
    const daily = [];
    for (let day = 0; day < PLANNED_DAYS; day++) {
      const counts = rates.map(() => ({ visitors: 0, conversions: 0 }));
      for (let visitor = 0; visitor < visitorsPerDay; visitor++) {
        // Each visitor-day lands in an arm at random, as the hash spreads them, and converts at its rate.
        const arm = random() < 0.5 ? 0 : 1;
        counts[arm]!.visitors += 1;
        if (random() < rates[arm]!) counts[arm]!.conversions += 1;
      }
      daily.push(counts);
    }
    const judged = judge(["control", "b"], daily);
    if (judged.verdict === "winner") {
      winners += 1;
      days.push(judged.decidedOnDay!);
    }
  }
  return { share: winners / runs, medianDays: days.length ? median(days) : null };
}

/** The two figures the issue names, printed with their goals. */
export function benchSimulation(runs = Number(process.env.BENCH_RUNS ?? 2000)) {
  const started = performance.now();
  const aa = simulate({ runs, visitorsPerDay: 300, base: 0.03, lift: 0, seed: 49 });
  const ab = simulate({ runs, visitorsPerDay: 300, base: 0.03, lift: 0.5, seed: 56 });
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  console.log(`Experiments: ${runs} simulated tests each, 28 days, 300 visitors a day, looked at daily`);
  console.log(`  A/A (3 % both arms): false winners ${percent(aa.share)}   (goal ≤ 5 %)`);
  console.log(
    `  A/B (+50 % on 3 %):   winner found ${percent(ab.share)}   (goal ≥ 80 %), median ${ab.medianDays} days`,
  );
  console.log(`  (${Math.round(performance.now() - started)} ms)`);
  return { falseWinners: aa.share, power: ab.share, medianDays: ab.medianDays };
}

if (import.meta.url === `file://${process.argv[1]}`) benchSimulation();
