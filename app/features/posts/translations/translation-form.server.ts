import { and, eq } from "drizzle-orm";

import { type Post, type PostTranslation, postTranslations } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { getPostById } from "../posts.server";
import { savePostTranslation } from "./post-translations.server";
import { TRANSLATION_FIELDS, type TranslationErrors, type TranslationValues } from "./translation-fields";
import { PostTranslationApiSchema } from "./translation-schema";
import { stateOf, type TranslationState } from "./translation-state";

const valuesOf = (
  from: Pick<Post, "title" | "excerpt" | "content" | "tags" | "seoTitle" | "seoDescription">,
  slug: string,
): TranslationValues => ({
  title: from.title,
  slug,
  excerpt: from.excerpt,
  content: from.content,
  tags: from.tags.join(", "),
  seoTitle: from.seoTitle ?? "",
  seoDescription: from.seoDescription ?? "",
});

/**
 * A post and one of the site's other languages, as /admin/posts/<id>/translate/<lang> names them: the
 * source, its translation into it if made, and the form's starting words (the translation's, else
 * the source's to be written over). NotFoundError for a post or language that is not there.
 */
export function translationBeside(postId: string, lang: string) {
  const site = siteLanguages();
  const source = getPostById(postId);
  if (!source || !isLanguage(lang) || lang === site.default || !site.languages.includes(lang))
    throw new NotFoundError("No such post or language");
  const translation = getDb()
    .select()
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, source.id), eq(postTranslations.lang, lang)))
    .get();
  const state: TranslationState | "missing" = translation ? stateOf(translation, source) : "missing";
  const values = translation ? valuesOf(translation, translation.slug) : valuesOf(source, "");
  return { source, lang: lang as Language, translation, state, values };
}

/**
 * Saves the admin's form of a translation (a draft, or published with `publish`) through the same
 * rules as the API; on a mistake the words as typed and the message by field, nothing written.
 */
export function saveTranslationForm(
  source: Post,
  lang: Language,
  translation: PostTranslation | undefined,
  form: FormData,
  publish: boolean,
): { saved: PostTranslation } | { values: TranslationValues; errors: TranslationErrors } {
  const values = Object.fromEntries(
    TRANSLATION_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as TranslationValues;
  const parsed = PostTranslationApiSchema.safeParse({
    ...values,
    slug: values.slug.trim() || undefined,
    seoTitle: values.seoTitle.trim() || undefined,
    seoDescription: values.seoDescription.trim() || undefined,
    lang,
    translationOf: source.id,
    status: publish ? "published" : "draft",
  });
  // Readers of the language would open an empty article: the form asks for its body first.
  if (publish && !values.content.trim())
    return { values, errors: { content: ["Write the translation's body before publishing it"] } };
  if (!parsed.success) {
    const errors: TranslationErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      const name = (TRANSLATION_FIELDS as readonly string[]).includes(field) ? field : "form";
      (errors[name as keyof TranslationErrors] ??= []).push(issue.message);
    }
    return { values, errors };
  }
  try {
    return { saved: savePostTranslation(translation?.id, parsed.data) };
  } catch (error) {
    if (error instanceof FieldError || error instanceof ConflictError) {
      const field = error instanceof FieldError ? error.field : error.field;
      const name = field && (TRANSLATION_FIELDS as readonly string[]).includes(field) ? field : "form";
      return { values, errors: { [name]: [error.message] } };
    }
    throw error;
  }
}
