import {
  getCaseStudyById,
  getCaseStudyBySlug,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import { caseStudyJson } from "~/features/case-studies/case-study-json";
import { CASE_STUDY_LIMIT_BYTES, CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { methodNotAllowed, readAnswer, writeContent } from "~/features/site-content/index.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError, readJsonBody } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { savedVersion } from "~/platform/text/schemas";

import {
  caseStudyTranslationById,
  isCaseStudyTranslationWrite,
  writeCaseStudyTranslation,
} from "../translations/api-translations.server";
import type { Route } from "./+types/api-work-item";

export const handle: RouteHandle = { access: "editor" };

/**
 * GET /api/work/{id or address}: a draft is "not found" to everyone but the admin. A translation's id
 * answers the translation.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  const byId = getCaseStudyById(params.id);
  const caseStudy =
    byId && (admin || byId.status === "published")
      ? byId
      : getCaseStudyBySlug(params.id, { includeDrafts: admin });
  const translation = caseStudy ? undefined : caseStudyTranslationById(params.id, admin);
  if (translation) return readAnswer(request, translation, admin);
  return caseStudy
    ? readAnswer(request, caseStudyJson(caseStudy), admin)
    : jsonError(404, "Case study not found");
}

/**
 * PUT /api/work/{id} (admin): replaces a case study (200 with it; 404 for an unknown id, 409 when its
 * address is another's). Case studies are never deleted: their address may be linked.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT")
    return methodNotAllowed("GET, PUT", "Use PUT to update a case study; case studies cannot be deleted");
  await requireApiAdmin(request);
  if (isCaseStudyTranslationWrite({}, params.id))
    return writeCaseStudyTranslation(await readJsonBody(request, CASE_STUDY_LIMIT_BYTES), params.id);
  return writeContent(
    request,
    CaseStudySchema.extend({ updatedAt: savedVersion }),
    { label: "case study", notFound: "Case study not found", limit: CASE_STUDY_LIMIT_BYTES, status: 200 },
    ({ updatedAt, ...input }) => caseStudyJson(saveCaseStudy(params.id, input, { savedAt: updatedAt })),
  );
}
