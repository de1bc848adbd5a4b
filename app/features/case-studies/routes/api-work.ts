import { z } from "zod";

import { saveCaseStudy } from "~/features/case-studies/case-studies.server";
import { caseStudyJson } from "~/features/case-studies/case-study-json";
import { caseStudiesPage } from "~/features/case-studies/case-study-lists.server";
import { CASE_STUDY_LIMIT_BYTES, CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { methodNotAllowed, readAnswer, writeContent } from "~/features/site-content/index.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { pageHeaders, pagingFields } from "~/platform/http/api-paging.server";
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
  // A language's list and each page are their own answers (the page cache keeps only the queries named here).
  query: ["lang", "page", "limit"],
  access: "editor",
};

/**
 * Studies a page holds unless `limit` says otherwise, and the most it may ask for: an agency's whole
 * portfolio (tens) still comes in the one answer it always came in.
 */
const WORK_API_PAGE_SIZE = 50;

const QuerySchema = z.object({
  ...pagingFields(WORK_API_PAGE_SIZE, WORK_API_PAGE_SIZE),
  lang: z.string().max(10, "Unknown language").optional(),
});

/**
 * GET /api/work[?page=1][&limit=50][&lang=ga]: a page of the published case studies in the agency's
 * order (a bare array; `X-Total-Count` and `Link` say how many in all and where the others are); the
 * admin gets every one, drafts too. `?lang=` another of the site's languages: their translations into it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const { lang, ...page } = parsed.data;
  const admin = Boolean(await getSessionUser(request));
  const headersFor = (total: number) => pageHeaders("/api/work", { lang }, page, total);
  if (lang !== undefined && lang !== siteLanguages().default) {
    const answer = caseStudyTranslationsAnswer(lang, admin, page);
    if (answer instanceof Response) return answer;
    return readAnswer(request, answer.rows, admin, headersFor(answer.total));
  }
  const { rows, total } = caseStudiesPage({
    drafts: admin,
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
  return readAnswer(request, rows.map(caseStudyJson), admin, headersFor(total));
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
