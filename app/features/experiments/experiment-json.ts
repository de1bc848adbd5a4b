import type { Experiment } from "./experiments.server";
import type { Results } from "./results.server";

/** An experiment as GET /api/experiments/{id} answers it. */
export function experimentJson(experiment: Experiment, results: Results) {
  return {
    id: experiment.id,
    page: experiment.pageKey,
    field: experiment.field,
    goal: experiment.goal,
    share: experiment.share,
    status: experiment.status,
    startedAt: experiment.startedAt.toISOString(),
    stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
    applied: experiment.appliedArm,
    arms: results.arms,
    verdict: results.verdict,
    winner: results.winner,
    summary: results.summary,
    daysRun: results.daysRun,
    plannedDays: results.plannedDays,
    srm: results.srm,
  };
}

/** An experiment in the list: what it tests and its state. */
export function experimentListedJson(experiment: Experiment, results: Results) {
  return {
    id: experiment.id,
    page: experiment.pageKey,
    field: experiment.field,
    goal: experiment.goal,
    status: experiment.status,
    startedAt: experiment.startedAt.toISOString(),
    verdict: results.verdict,
    visitors: results.arms.reduce((sum, arm) => sum + arm.visitors, 0),
  };
}
