import {
  listAllCaseStudies,
  listCaseStudies,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import { caseStudyJson } from "~/features/case-studies/case-study-json";
import { CASE_STUDY_LIMIT_BYTES, CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { methodNotAllowed, readAnswer, writeContent } from "~/features/site-content/index.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-work";

/** The public answer is kept by the page cache until a case study changes; the admin's never is. */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], access: "editor" };

/** GET /api/work: the published case studies in the agency's order; the admin gets every one, drafts too. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  const caseStudies = (admin ? listAllCaseStudies() : listCaseStudies()).map(caseStudyJson);
  return readAnswer(request, caseStudies, admin);
}

/** POST /api/work (admin): creates a case study, first in the order (201 with it, its address included). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST", "Use POST to create a case study");
  await requireApiAdmin(request);
  return writeContent(
    request,
    CaseStudySchema,
    { label: "case study", limit: CASE_STUDY_LIMIT_BYTES, status: 201 },
    (input) => caseStudyJson(saveCaseStudy(undefined, input)),
  );
}
