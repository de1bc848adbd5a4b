import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { getItem } from "~/platform/ordered-lists.server";

import { siteLists } from "../site-content.server";
import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import {
  getItemTranslation,
  itemTranslationJson,
  itemTranslationLanguage,
  removeItemTranslation,
  saveItemTranslation,
} from "../translations/item-translations.server";
import { ITEM_WORDS_SCHEMAS, type TranslatedList } from "../translations/item-words";
import type { Route } from "./+types/api-item-translation";

const NOUNS = { team: "Team member", testimonials: "Testimonial" } as const;

/** The list the address names: /api/team/... or /api/testimonials/... (the route is mounted for these two). */
const listOf = (request: Request) => new URL(request.url).pathname.split("/")[2] as "team" | "testimonials";

/**
 * GET /api/team/{id}/translations/{lang} (and /api/testimonials/...): the item's words in `lang` and
 * its source's, with the state. Hidden items and missing translations are "not found" to visitors; the
 * admin also reads a missing one's state.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const list = listOf(request);
  const admin = Boolean(await getSessionUser(request));
  try {
    const lang = itemTranslationLanguage(params.lang);
    const item = getItem(siteLists[list], params.id);
    if (!item || (!admin && item.status !== "published")) return jsonError(404, `${NOUNS[list]} not found`);
    const read = getItemTranslation(list, item.id, lang);
    if (!admin && !read.words) return jsonError(404, `Not translated into ${params.lang}`);
    return readAnswer(request, itemTranslationJson(read), admin);
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/**
 * PUT (admin): writes the item's words in `lang`, replacing any (200 with them); DELETE (admin): removes
 * them (204; 404 when there were none). 400 for a language the site is not in or its default.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const list: TranslatedList = listOf(request);
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed("GET, PUT, DELETE", "Use PUT to write a translation, DELETE to remove it");
  const user = await requireApiAdmin(request);
  let lang;
  try {
    lang = itemTranslationLanguage(params.lang);
  } catch (error) {
    return domainErrorResponse(error);
  }
  if (!getItem(siteLists[list], params.id)) return jsonError(404, `${NOUNS[list]} not found`);
  if (request.method === "DELETE")
    return removeItemTranslation(list, params.id, lang)
      ? new Response(null, { status: 204 })
      : jsonError(404, `Not translated into ${lang}`);
  return writeContent(
    request,
    ITEM_WORDS_SCHEMAS[list],
    { label: "translation", notFound: `${NOUNS[list]} not found`, status: 200 },
    (words) => itemTranslationJson(saveItemTranslation(list, params.id, lang, words, user.id)),
  );
}
