// The experiments' figures per day and arm, against a real database: counted as visitor-days and
// conversions arrive (each once), read by the results without the visitor rows, which the roll-up
// deletes a slice at a time once their day is over, leaving today's (a conversion may still come).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { experimentDaily, experimentSignups, experimentVisitors } from "#db/schema";
import { forgetSalt, visitorToday } from "~/features/analytics/index.server";
import { armOf } from "~/features/experiments/assignment";
import { countVisitorDay, flushVisitorDays } from "~/features/experiments/counting.server";
import { startExperiment, stopExperiment } from "~/features/experiments/experiments.server";
import {
  pruneFinishedVisitorDays,
  rollUpExperiments,
} from "~/features/experiments/experiments-rollup.server";
import { FINISHED_DAYS_DELETE } from "~/features/experiments/experiments-rollup.server";
import { countConversion } from "~/features/experiments/index.server";
import { resultsOf } from "~/features/experiments/results.server";
import { forgetUnconfirmedSignUps, SIGNUP_WAITS_DAYS } from "~/features/experiments/signups.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

let owner: { id: string; role: "owner" };
const TOMORROW = new Date(Date.now() + 36 * 60 * 60 * 1000);

beforeAll(async () => {
  seedDatabase(getDb());
  forgetSalt();
  owner = { id: (await createUser("rollup-owner", "a-long-enough-password")).id, role: "owner" };
});

const visitorRows = (experimentId: number) =>
  getDb().select().from(experimentVisitors).where(eq(experimentVisitors.experimentId, experimentId)).all();
const figures = (results: ReturnType<typeof resultsOf>) =>
  results.arms.map(({ key, visitors, conversions }) => ({ key, visitors, conversions }));

describe("the experiments' daily figures and their roll-up", () => {
  it("counts each visitor-day and its conversion once, and keeps the results after the visitor rows are gone", () => {
    const experiment = startExperiment(
      { page: "home", field: "hero.headline", variants: ["Words that sell"] },
      owner,
    );
    const clients = Array.from({ length: 30 }, (_, n) => ({
      ip: `203.0.113.${n + 1}`,
      userAgent: "Mozilla/5.0 (Macintosh) Safari/605",
    }));
    const arms = clients.map((client) => {
      const today = visitorToday(client, { create: true })!;
      const arm = armOf(today.visitor, experiment)!;
      for (let i = 0; i < 2; i++)
        countVisitorDay({ experimentId: experiment.id, day: today.day, visitor: today.visitor, arm });
      return arm;
    });
    // A past day's visitor-days, counted then (an earlier process): finished, so the roll-up's to delete.
    for (let i = 0; i < 1_200; i++)
      countVisitorDay({
        experimentId: experiment.id,
        day: "2026-01-05",
        visitor: `past-${i}`,
        arm: i % 2 ? "b" : "control",
      });
    flushVisitorDays();
    // Two enquiries from one visitor-day: one conversion.
    countConversion("enquiry", clients[0]!);
    countConversion("enquiry", clients[0]!);
    countConversion("enquiry", clients[1]!);
    const before = figures(resultsOf(experiment));
    const convertedArms = [arms[0], arms[1]];
    for (const key of ["control", "b"])
      expect(before.find((arm) => arm.key === key)).toEqual({
        key,
        visitors: 600 + arms.filter((arm) => arm === key).length,
        conversions: convertedArms.filter((arm) => arm === key).length,
      });

    // The roll-up at the same time leaves today's rows: a conversion may still come today.
    expect(pruneFinishedVisitorDays()).toBe(500);
    expect(visitorRows(experiment.id)).toHaveLength(30 + 700);
    expect(figures(resultsOf(experiment))).toEqual(before);
    countConversion("enquiry", clients[2]!);
    const withThird = figures(resultsOf(experiment));
    expect(withThird.reduce((sum, arm) => sum + arm.conversions, 0)).toBe(3);

    stopExperiment(experiment.id, undefined, owner);
    return rollUpExperiments(TOMORROW).then((deleted) => {
      expect(deleted).toBe(730);
      expect(visitorRows(experiment.id)).toHaveLength(0);
      expect(figures(resultsOf(experiment))).toEqual(withThird);
      expect(
        getDb().select().from(experimentDaily).where(eq(experimentDaily.experimentId, experiment.id)).all(),
      ).toHaveLength(4);
    });
  });

  it("finds finished days' visitor rows by their day, never reading every row of today", () => {
    const plan = getDb()
      .$client.prepare(`explain query plan ${FINISHED_DAYS_DELETE}`)
      .all("2026-01-01", 500) as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).toMatch(
      /USING (COVERING )?INDEX experiment_visitors_day_idx/,
    );
  });

  it("a visitor-day written by an earlier process is not counted again", () => {
    const experiment = startExperiment(
      { page: "about", field: "hero.headline", variants: ["People who test"] },
      owner,
    );
    const seen = { experimentId: experiment.id, day: "2026-02-01", visitor: "earlier", arm: "b" };
    // Written and tallied by an earlier process, whose list of visitor-days counted went with it.
    getDb().insert(experimentVisitors).values(seen).run();
    getDb()
      .insert(experimentDaily)
      .values({ ...seen, visitors: 1 })
      .run();
    countVisitorDay(seen);
    countVisitorDay({ ...seen, visitor: "another" });
    flushVisitorDays();
    expect(resultsOf(experiment).arms.find((arm) => arm.key === "b")!.visitors).toBe(2);
  });

  it("forgets expired sign-ups a slice at a time, giving the event loop back between slices", async () => {
    const experiment = startExperiment(
      { page: "contact", field: "heading", variants: ["Sign up and see"] },
      owner,
    );
    const expired = Date.now() - (SIGNUP_WAITS_DAYS + 1) * 24 * 60 * 60 * 1000;
    const waiting = getDb().$client.prepare(
      "insert into experiment_signups (email_key, experiment_id, day, arm, created_at) values (?, ?, '2026-01-01', 'b', ?)",
    );
    getDb().$client.transaction(() => {
      for (let n = 0; n < 1_200; n++) waiting.run(`expired-${n}`, experiment.id, expired);
      waiting.run("still-waiting", experiment.id, Date.now());
    })();
    // One slice deletes a bounded number of rows: a flood of sign-ups never confirmed cannot hold the loop.
    expect(forgetUnconfirmedSignUps()).toBeLessThanOrEqual(500);
    await rollUpExperiments();
    const left = getDb().select().from(experimentSignups).all();
    expect(left.map((row) => row.emailKey)).toEqual(["still-waiting"]);
  });
});
