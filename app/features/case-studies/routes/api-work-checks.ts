import { getCaseStudyById } from "~/features/case-studies/case-studies.server";
import { checkCaseStudy } from "~/features/case-studies/case-study-checks.server";
import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-work-checks";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/work/{id}/checks: the checks while writing of the case study as saved, as the posts' are:
 * `[{code, message, where}]` (an empty list when there is nothing to fix).
 */
export function loader({ params }: Route.LoaderArgs) {
  const study = getCaseStudyById(params.id);
  if (!study) return jsonError(404, "Case study not found", undefined, PRIVATE);
  const problems = checkCaseStudy(study).map(({ code, message, where }) => ({ code, message, where }));
  return Response.json(problems, { headers: PRIVATE });
}

export function action() {
  return jsonError(405, "The checks are read: save the case study to check it again", undefined, {
    Allow: "GET",
  });
}
