import { issuesOf, jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { siteLanguageNamed } from "~/platform/i18n/translation-rules.server";

import { getCaseStudyById } from "../case-studies.server";
import {
  caseStudyTranslationsPage,
  getCaseStudyTranslation,
  saveCaseStudyTranslation,
} from "./case-study-translations.server";
import { caseStudyTranslationJson } from "./translation-json";
import { CaseStudyTranslationSchema } from "./translation-schema";

/**
 * Whether a write to /api/work is a translation's: a body naming `translationOf` or a language other
 * than the default ({"lang": "en"} alone is a case study, as before), or an id that is a translation's.
 */
export function isCaseStudyTranslationWrite(body: Record<string, unknown>, id: string | undefined): boolean {
  if (id && getCaseStudyTranslation(id)) return true;
  if (Object.hasOwn(body, "translationOf")) return true;
  return Object.hasOwn(body, "lang") && body.lang !== siteLanguages().default;
}

/** POST /api/work (a new translation: 201) and PUT /api/work/{id} of a translation (200). */
export function writeCaseStudyTranslation(body: Record<string, unknown>, id: string | undefined): Response {
  const parsed = CaseStudyTranslationSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid translation", issuesOf(parsed.error));
  try {
    const translation = saveCaseStudyTranslation(id, parsed.data);
    const source = getCaseStudyById(translation.caseStudyId)!;
    return Response.json(caseStudyTranslationJson(translation, source), { status: id ? 200 : 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/**
 * GET /api/work?lang=ga: a page of the case studies readers of that language can read (their
 * translations, in the agency's order); staff get every translation into it, drafts too. The default
 * language's `lang` is the list as before (undefined here).
 */
export function caseStudyTranslationsAnswer(
  lang: string,
  staff: boolean,
  { page, limit }: { page: number; limit: number },
): { rows: unknown[]; total: number } | Response {
  try {
    const language = siteLanguageNamed(lang);
    const { rows, total } = caseStudyTranslationsPage(language, { staff, limit, offset: (page - 1) * limit });
    return { rows: rows.map((row) => caseStudyTranslationJson(row.translation, row.source)), total };
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/** GET /api/work/{id} of a translation (a draft only for staff). */
export function caseStudyTranslationById(id: string, staff: boolean) {
  const translation = getCaseStudyTranslation(id);
  if (!translation || (!staff && translation.status !== "published")) return undefined;
  const source = getCaseStudyById(translation.caseStudyId);
  if (!source || (!staff && source.status !== "published")) return undefined;
  return caseStudyTranslationJson(translation, source);
}
