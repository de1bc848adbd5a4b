import { experimentJson, experimentListedJson } from "~/features/experiments/experiment-json";
import {
  ExperimentInvalid,
  listExperiments,
  startExperiment,
} from "~/features/experiments/experiments.server";
import { resultsOf } from "~/features/experiments/results.server";
import { staffOf } from "~/features/staff/index.server";
import { jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-experiments";

/** Owner and editors (the staff API group checks before the loader runs). */
export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };

/** GET /api/experiments: every experiment, newest first, with its state and verdict. */
export function loader() {
  return Response.json(
    { experiments: listExperiments().map((each) => experimentListedJson(each, resultsOf(each))) },
    { headers: noStore },
  );
}

/**
 * POST /api/experiments `{page, field, variants: [...], goal?, share?}` → 201 with the experiment; 400
 * naming each field wrong (an unknown page or field, a rich-text field, a variant empty, too long or
 * the same as the current words), 409 when one already runs on the page. Nothing is written on any error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use GET to list experiments, POST to start one", undefined, {
      Allow: "GET, POST",
    });
  try {
    const started = startExperiment(await readJsonBody(request), staffOf(context));
    return Response.json(experimentJson(started, resultsOf(started)), { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ExperimentInvalid)
      return jsonError(400, "Invalid experiment", error.issues, noStore);
    return domainErrorResponse(error, noStore);
  }
}
