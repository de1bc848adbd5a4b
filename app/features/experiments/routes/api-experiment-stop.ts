import { z } from "zod";

import { experimentJson } from "~/features/experiments/experiment-json";
import { stopExperiment } from "~/features/experiments/experiments.server";
import { resultsOf } from "~/features/experiments/results.server";
import { staffOf } from "~/features/staff/index.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-experiment-stop";

export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };
const StopSchema = z.strictObject({
  apply: z.string({ error: "Must be an arm's key, such as b" }).max(20, "No such arm").optional(),
});

export function loader() {
  return jsonError(405, "Use POST to stop an experiment", undefined, { Allow: "POST" });
}

/**
 * POST /api/experiments/{id}/stop, with no body or `{"apply": "<arm key>"}`: counting ends; with apply,
 * that arm's words are published on the page (a revision, audited). 409 when it has already stopped.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to stop an experiment", undefined, { Allow: "POST" });
  try {
    // No body at all is a plain stop.
    const length = request.headers.get("content-length");
    const empty = !request.headers.has("content-type") && (length === null || length === "0");
    const body = empty ? {} : await readJsonBody(request);
    const parsed = StopSchema.safeParse(body);
    if (!parsed.success) return jsonError(400, "Invalid stop", issuesOf(parsed.error), noStore);
    const stopped = stopExperiment(params.id, parsed.data.apply, staffOf(context));
    return Response.json(experimentJson(stopped, resultsOf(stopped)), { headers: noStore });
  } catch (error) {
    if (error instanceof Response) return error;
    return domainErrorResponse(error, noStore);
  }
}
