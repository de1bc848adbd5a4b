import { experimentJson } from "~/features/experiments/experiment-json";
import { getExperiment } from "~/features/experiments/experiments.server";
import { resultsOf } from "~/features/experiments/results.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-experiment";

export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/experiments/{id}: the arms' figures, the verdict, what it means and the split's check. */
export function loader({ params }: Route.LoaderArgs) {
  try {
    const experiment = getExperiment(params.id);
    return Response.json(experimentJson(experiment, resultsOf(experiment)), { headers: noStore });
  } catch (error) {
    return domainErrorResponse(error, noStore);
  }
}

export function action() {
  return jsonError(
    405,
    "Use GET to read an experiment; POST /api/experiments/{id}/stop stops it",
    undefined,
    {
      Allow: "GET",
    },
  );
}
