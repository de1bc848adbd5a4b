import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { FieldError } from "~/platform/http/errors.server";
import { publicResponse } from "~/platform/http/public-response.server";
import { isLanguage, type Language, LANGUAGE_CODES, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { liveTranslationCount, liveTranslations } from "./post-translations.server";
import { staffTranslationsPage } from "./staff-translations.server";
import { postTranslationJson } from "./translation-json";

/** A language the site is in, other than the default, as `?lang=` names it; else a FieldError. */
export function siteLanguageOf(lang: string): Language {
  if (!isLanguage(lang))
    throw new FieldError(
      "lang",
      `Unknown language “${lang.slice(0, 10)}”: the site has words for ${LANGUAGE_CODES.join(", ")}`,
    );
  if (!siteLanguages().languages.includes(lang))
    throw new FieldError("lang", `The site is not in ${LANGUAGES[lang].name}`);
  return lang;
}

type Query = { status?: string; page: number; limit: number; lang?: string };

/**
 * GET /api/blog?lang=ga: a page of the posts readers of that language can read (their translations,
 * newest source first); staff get every translation into it, drafts too (most recently changed first).
 */
export function translationsAnswer(
  request: Request,
  query: Query,
  staff: boolean,
  headersFor: (total: number) => Record<string, string>,
): Response {
  let lang: Language;
  try {
    lang = siteLanguageOf(query.lang ?? "");
  } catch (error) {
    return domainErrorResponse(error);
  }
  const { status, page, limit } = query;
  if (!staff) {
    if (status && status !== "published") return jsonError(401, "Sign in to see drafts and scheduled posts");
    const rows = liveTranslations(lang, { limit, offset: (page - 1) * limit });
    const body = rows.map((row) => postTranslationJson(row.translation, row.source));
    return publicResponse(request, JSON.stringify(body), {
      "Content-Type": "application/json",
      ...headersFor(liveTranslationCount(lang)),
    });
  }
  const { rows, total } = staffTranslationsPage(lang, { status, limit, offset: (page - 1) * limit });
  const body = rows.map((row) => postTranslationJson(row.translation, row.source));
  return Response.json(body, {
    headers: { "Cache-Control": "private, no-store", ...headersFor(total) },
  });
}
