import type { Writer } from "~/features/posts/post-rules.server";
import { mayPublish } from "~/platform/http/access";
import { issuesOf, jsonError } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { getPostById } from "../posts.server";
import { getPostTranslation, savePostTranslation } from "./post-translations.server";
import { postTranslationJson } from "./translation-json";
import { PostTranslationApiSchema } from "./translation-schema";

/**
 * Whether a write to /api/blog is a translation's: a body naming `translationOf` or a language other
 * than the default ({"lang": "en"} alone is a post, as before), or an id that is a translation's.
 */
export function isTranslationWrite(body: Record<string, unknown>, id: string | undefined): boolean {
  if (id && getPostTranslation(id)) return true;
  if (Object.hasOwn(body, "translationOf")) return true;
  return Object.hasOwn(body, "lang") && body.lang !== siteLanguages().default;
}

/** POST /api/blog (a new translation: 201) and PUT /api/blog/{id} of a translation (200). */
export function writePostTranslation(
  body: Record<string, unknown>,
  id: string | undefined,
  writer: Writer,
): Response {
  const parsed = PostTranslationApiSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid translation", issuesOf(parsed.error));
  // Translating changes what readers of a language see: an editor's or the owner's, as publishing is.
  if (!mayPublish(writer.role))
    return jsonError(
      403,
      "An editor or the owner translates posts: contributors write drafts in the default language",
    );
  try {
    const translation = savePostTranslation(id, parsed.data);
    const source = getPostById(translation.postId)!;
    return Response.json(postTranslationJson(translation, source), { status: id ? 200 : 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
