import { useRef } from "react";
import { data, Form, Link, redirect } from "react-router";

import {
  SourceBody,
  SourceChanges,
  TranslationBody,
  TranslationSaved,
  TranslationSource,
  useTranslationAutosave,
} from "~/features/editor";
import {
  changesSince,
  type ComparedField,
  discardTranslationDraft,
  unsavedTranslation,
} from "~/features/editor/index.server";
import {
  TRANSLATION_FIELDS,
  type TranslationErrors,
  type TranslationValues,
} from "~/features/posts/translations/translation-fields";
import {
  saveTranslationForm,
  translationBeside,
} from "~/features/posts/translations/translation-form.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-post-translate";

// Translating changes what a language's readers see: an editor's or the owner's, as publishing is.
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData ? `Translate: ${loaderData.source.title}` : "Translate a post",
    noindex: true,
  });

function beside(id: string, lang: string) {
  try {
    return translationBeside(id, lang);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export function loader({ params, request, context }: Route.LoaderArgs) {
  const { source, lang, translation, state, values: saved } = beside(params.id, params.lang);
  const { values, unsaved, restored } = unsavedTranslation(
    staffOf(context).id,
    "post-translation",
    { sourceId: source.id, lang, translation },
    new URL(request.url),
    saved,
    (autosaved, kept) =>
      Object.fromEntries(
        TRANSLATION_FIELDS.map((name) => [name, autosaved[name] ?? kept[name]]),
      ) as TranslationValues,
  );
  return {
    source: {
      id: source.id,
      title: source.title,
      excerpt: source.excerpt,
      content: source.content,
      tags: source.tags,
    },
    lang,
    language: LANGUAGES[lang].name,
    sourceTag: LANGUAGES[siteLanguages().default].tag,
    state,
    changes:
      state === "outdated" && translation
        ? changesSince("post", source, translation.sourceUpdatedAt, TRANSLATED_WORDS)
        : undefined,
    live: translation?.status === "published" && source.status === "published" ? translation.slug : null,
    values,
    unsaved,
    restored,
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { source, lang, translation } = beside(params.id, params.lang);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.editor);
  const intent = form.get("intent");
  const userId = staffOf(context).id;
  if (intent === "discard-autosave") {
    discardTranslationDraft(userId, "post-translation", source.id, lang);
    return redirect(`/admin/posts/${source.id}/translate/${lang}`, 303);
  }
  if (intent !== "save" && intent !== "publish")
    return data(
      { values: null, errors: { form: ["Unknown action."] } as TranslationErrors },
      { status: 400 },
    );
  const outcome = saveTranslationForm(source, lang, translation, form, intent === "publish");
  if ("errors" in outcome) return data(outcome, { status: 400 });
  // Saved: the unsaved work it was typed from is no longer offered back.
  discardTranslationDraft(userId, "post-translation", source.id, lang);
  return redirect(
    `/admin/posts/${source.id}/translate/${lang}?saved=${intent === "publish" ? "published" : "draft"}`,
    303,
  );
}

/** The source's words a translation carries, compared when the source changed since. */
const TRANSLATED_WORDS: ComparedField[] = [
  { name: "title", label: "Title" },
  { name: "excerpt", label: "Summary" },
  { name: "content", label: "Body", html: true },
  { name: "tags", label: "Tags" },
  { name: "seoTitle", label: "Search title" },
  { name: "seoDescription", label: "Search description" },
];

const LABELS: Record<(typeof TRANSLATION_FIELDS)[number], string> = {
  title: "Title",
  slug: "Address (slug): empty makes one from the title",
  excerpt: "Summary",
  content: "Body",
  tags: "Tags, separated by commas",
  seoTitle: "Search title",
  seoDescription: "Search description",
};

export default function AdminPostTranslate({ loaderData, actionData }: Route.ComponentProps) {
  const { source, lang, language, state, changes, live, saved, sourceTag } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useTranslationAutosave(formRef, "post-translation", loaderData, Boolean(actionData));
  const values: TranslationValues = actionData?.values ?? loaderData.values;
  const errors: TranslationErrors = actionData?.errors ?? {};
  const tag = LANGUAGES[lang].tag;
  return (
    <div>
      <p className="text-sm">
        <Link to={`/admin/posts?edit=${source.id}`} className="font-semibold text-primary hover:underline">
          ← {source.title}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {source.title} in {language}
      </h1>
      <p className="mt-2 text-muted">
        Translation: <strong className="text-fg">{state}</strong>.{" "}
        {live ? (
          <>
            Readers find it at{" "}
            <a href={`/${lang}/blog/${live}`} className="text-primary underline">
              /{lang}/blog/{live}
            </a>
            .
          </>
        ) : (
          <>It is on the site at /{lang}/blog/… once published; until then it is not there.</>
        )}
      </p>
      <TranslationSaved saved={saved} />
      {errors.form?.map((message) => (
        <FormError key={message}>{message}</FormError>
      ))}
      {changes !== undefined && <SourceChanges changes={changes} tag={sourceTag} />}
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:items-start">
        <TranslationSource heading="The post (source)" tag={sourceTag}>
          <p className="text-lg font-semibold">{source.title}</p>
          <p className="text-muted">{source.excerpt}</p>
          <p className="text-xs text-muted">{source.tags.join(", ")}</p>
          <SourceBody html={source.content} label="The post's body" />
        </TranslationSource>
        <Form
          ref={formRef}
          method="post"
          noValidate
          aria-label={`${source.title} in ${language}`}
          lang={tag}
          className="grid min-w-0 gap-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-semibold">In {language}</h2>
            {autosave.note}
          </div>
          {autosave.offer}
          {TRANSLATION_FIELDS.map((name) => {
            const id = `translation-${name}`;
            const problem = errors[name];
            if (name === "content")
              return (
                <TranslationBody
                  key={`${name}-${values[name]}`}
                  name={name}
                  label={LABELS[name]}
                  defaultValue={values[name]}
                  errors={problem}
                  tag={tag}
                />
              );
            const control = {
              id,
              name,
              defaultValue: values[name],
              "aria-invalid": problem ? true : undefined,
              "aria-describedby": `${id}-error`,
              className: inputClass,
            };
            return (
              <Field
                key={`${name}-${values[name]}`}
                id={id}
                label={LABELS[name]}
                errors={problem}
                errorId={`${id}-error`}
              >
                {name === "excerpt" ? <textarea {...control} rows={3} /> : <input {...control} />}
              </Field>
            );
          })}
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              label="Publish translation"
              pendingLabel="Publishing..."
              name="intent"
              value="publish"
            />
            <SubmitButton
              label="Save draft"
              pendingLabel="Saving..."
              name="intent"
              value="save"
              variant="outline"
            />
          </div>
        </Form>
      </div>
    </div>
  );
}
