import {
  LanguagesInputSchema,
  languagesJson,
  saveSiteLanguages,
} from "~/features/pages/copy/language-settings.server";
import { requireApiAdmin } from "~/features/staff/index.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-languages";

/** Changing the languages is the owner's alone (no `access`: requireApiAdmin lets the owner in). */
export const handle: RouteHandle = {};

/** GET /api/languages: the default language, the site's languages, and those the product has words for. */
export function loader() {
  return Response.json(languagesJson(siteLanguages()), { headers: { "Cache-Control": "no-cache" } });
}

/** PUT /api/languages (owner) `{"default": "en", "languages": ["en", "ga"]}`: 200 with them as saved. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT")
    return jsonError(405, "Use GET to read the languages, PUT to change them", undefined, {
      Allow: "GET, PUT",
    });
  await requireApiAdmin(request);
  const body = await readJsonBody(request);
  const parsed = LanguagesInputSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid languages", issuesOf(parsed.error).slice(0, 20));
  try {
    return Response.json(languagesJson(saveSiteLanguages(parsed.data)));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
