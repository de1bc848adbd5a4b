import {
  removeSettingsTranslation,
  saveSettingsTranslation,
  settingsLanguageAsked,
  settingsTranslation,
  settingsTranslationJson,
  SiteWordsSchema,
} from "~/features/site-content/settings-translations.server";
import { siteSettingsJson } from "~/features/site-content/site-content-json";
import { saveSiteSettings } from "~/features/site-content/site-settings.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { SiteSettingsSchema } from "~/platform/site/site-settings";

import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import type { Route } from "./+types/api-settings";

/** The public answer is kept by the page cache until the settings (or other site content) change. */
export const handle: RouteHandle = { cache: "content", content: ["site"], query: ["lang"] };

/** The largest body a language's words take (a 2,000-character auto-reply, every character escaped). */
const WORDS_BODY_LIMIT = 16 * 1024;

const notWritten = (lang: keyof typeof LANGUAGES) =>
  jsonError(404, `No words written in ${LANGUAGES[lang].name}: visitors in it read the default language's`);

/**
 * GET /api/settings: the agency's facts every page shows (name, contact details, address, figures).
 * GET /api/settings?lang=ga: the tagline and auto-reply written in that language (404 while none are).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  try {
    const lang = settingsLanguageAsked(request);
    if (!lang) return readAnswer(request, siteSettingsJson(getSiteSettings()), admin);
    const words = settingsTranslation(lang);
    return words ? readAnswer(request, settingsTranslationJson(lang, words), admin) : notWritten(lang);
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/**
 * PUT /api/settings (owner): replaces the facts, every field given (200 with them as saved).
 * PUT /api/settings?lang=ga replaces that language's tagline and auto-reply (the three fields, checked
 * as the settings' own); DELETE /api/settings?lang=ga removes them (204), and its visitors read the
 * default language's again.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(
      "GET, PUT, DELETE",
      "Use PUT to change the settings, DELETE with ?lang= to remove a language's words",
    );
  await requireApiAdmin(request);
  let lang: ReturnType<typeof settingsLanguageAsked>;
  try {
    lang = settingsLanguageAsked(request);
  } catch (error) {
    return domainErrorResponse(error);
  }
  if (request.method === "DELETE") {
    if (!lang)
      return jsonError(400, "Name the language whose words to remove (?lang=): the settings themselves stay");
    return removeSettingsTranslation(lang) ? new Response(null, { status: 204 }) : notWritten(lang);
  }
  if (lang)
    return writeContent(
      request,
      SiteWordsSchema,
      { label: `words in ${LANGUAGES[lang].name}`, status: 200, limit: WORDS_BODY_LIMIT },
      (input) => settingsTranslationJson(lang, saveSettingsTranslation(lang, input)),
    );
  return writeContent(request, SiteSettingsSchema, { label: "settings", status: 200 }, (input) =>
    siteSettingsJson(saveSiteSettings(input)),
  );
}
