import {
  listAllCaseStudies,
  listCaseStudies,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import { caseStudyJson } from "~/features/case-studies/case-study-json";
import { CASE_STUDY_LIMIT_BYTES, CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { methodNotAllowed, readAnswer, writeContent } from "~/features/site-content/index.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { readJsonBody } from "~/platform/http/api.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import {
  caseStudyTranslationsAnswer,
  isCaseStudyTranslationWrite,
  writeCaseStudyTranslation,
} from "../translations/api-translations.server";
import type { Route } from "./+types/api-work";

/** The public answer is kept by the page cache until a case study changes; the admin's never is. */
export const handle: RouteHandle = {
  cache: "content",
  content: ["case-studies"],
  // A language's list is its own answer (the page cache keeps only the queries named here).
  query: ["lang"],
  access: "editor",
};

/**
 * GET /api/work: the published case studies in the agency's order; the admin gets every one, drafts
 * too. `?lang=` another of the site's languages: their translations into it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang !== null && lang !== siteLanguages().default) {
    const answer = caseStudyTranslationsAnswer(lang, admin);
    return answer instanceof Response ? answer : readAnswer(request, answer, admin);
  }
  const caseStudies = (admin ? listAllCaseStudies() : listCaseStudies()).map(caseStudyJson);
  return readAnswer(request, caseStudies, admin);
}

/**
 * POST /api/work (admin): creates a case study, first in the order (201 with it, its address
 * included); with `lang` and `translationOf`, a translation of one (201 with it).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST", "Use POST to create a case study");
  await requireApiAdmin(request);
  // The body is read once here to see whether it is a translation; the case study's own write reads its copy.
  const body = await readJsonBody(request.clone(), CASE_STUDY_LIMIT_BYTES);
  if (isCaseStudyTranslationWrite(body, undefined)) return writeCaseStudyTranslation(body, undefined);
  return writeContent(
    request,
    CaseStudySchema,
    { label: "case study", limit: CASE_STUDY_LIMIT_BYTES, status: 201 },
    (input) => caseStudyJson(saveCaseStudy(undefined, input)),
  );
}
