import { useRef } from "react";
import { data, Form, Link, redirect } from "react-router";

import { getCaseStudyById } from "~/features/case-studies/case-studies.server";
import {
  saveCaseStudyTranslation,
  translationOfCaseStudy,
} from "~/features/case-studies/translations/case-study-translations.server";
import { CaseStudyTranslationSchema } from "~/features/case-studies/translations/translation-schema";
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
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, issuesOf, readFormBody } from "~/platform/http/api.server";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { translationLanguage, translationStateOf } from "~/platform/i18n/translation-rules.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-case-study-translate";

// Owner and editors translate the case studies, as they edit them.
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData ? `Translate: ${loaderData.source.title}` : "Translate a case study",
    noindex: true,
  });

/** The case study and language the address names, or the admin's 404. */
function translating(id: string, lang: string) {
  const source = getCaseStudyById(id);
  if (!source) throw data(null, { status: 404 });
  try {
    return { source, lang: translationLanguage(lang, "case study") };
  } catch (error) {
    if (error instanceof FieldError) throw data(null, { status: 404 });
    throw error;
  }
}

const TYPED_TEXT = [
  "title",
  "slug",
  "category",
  "excerpt",
  "challenge",
  "body",
  "outcome",
  "coverAlt",
  "tags",
  "seoTitle",
  "seoDescription",
] as const;

/** The form's words from its unsaved work (a result's label each, by its place), else as saved. */
function restoreTyped<V extends Record<(typeof TYPED_TEXT)[number], string> & { metricLabels: string[] }>(
  typed: Record<string, string>,
  kept: V,
): V {
  const labels = kept.metricLabels.map(
    (label, index) =>
      typed[`metricLabels[${index}]`] ??
      (kept.metricLabels.length === 1 ? typed.metricLabels : undefined) ??
      label,
  );
  return {
    ...kept,
    ...Object.fromEntries(TYPED_TEXT.flatMap((name) => (name in typed ? [[name, typed[name]]] : []))),
    metricLabels: labels,
  };
}

/** The source's words a translation carries, compared when the source changed since. */
const TRANSLATED_WORDS: ComparedField[] = [
  { name: "title", label: "Title" },
  { name: "category", label: "Category" },
  { name: "excerpt", label: "Summary" },
  { name: "challenge", label: "The challenge" },
  { name: "body", label: "The approach", html: true },
  { name: "outcome", label: "The outcome" },
  { name: "coverAlt", label: "Cover image description" },
  { name: "metrics", label: "Results" },
  { name: "tags", label: "Tags" },
];

/** /admin/case-studies/<id>/translate/<lang>: the source's words beside the translation's form. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const { source, lang } = translating(params.id, params.lang);
  const translation = translationOfCaseStudy(source.id, lang);
  const url = new URL(request.url);
  const state = translation ? translationStateOf(translation, source) : ("missing" as const);
  return {
    lang,
    language: LANGUAGES[lang].name,
    tag: LANGUAGES[lang].tag,
    sourceTag: LANGUAGES[siteLanguages().default].tag,
    state,
    changes:
      state === "outdated" && translation
        ? changesSince("case-study", source, translation.sourceUpdatedAt, TRANSLATED_WORDS)
        : undefined,
    source: {
      id: source.id,
      title: source.title,
      slug: source.slug,
      category: source.category,
      excerpt: source.excerpt,
      challenge: source.challenge,
      body: source.body,
      outcome: source.outcome,
      coverAlt: source.coverAlt ?? "",
      metrics: source.metrics,
      tags: source.tags.join(", "),
    },
    // The form starts from the translation, else from the source's words to translate over; or from
    // the unsaved work typed after it, when asked.
    ...unsavedTranslation(
      staffOf(context).id,
      "case-study-translation",
      { sourceId: source.id, lang, translation },
      url,
      {
        title: translation?.title ?? source.title,
        slug: translation?.slug ?? "",
        category: translation?.category ?? source.category,
        excerpt: translation?.excerpt ?? source.excerpt,
        challenge: translation?.challenge ?? source.challenge,
        body: translation?.body ?? source.body,
        outcome: translation?.outcome ?? source.outcome,
        coverAlt: translation?.coverAlt ?? source.coverAlt ?? "",
        metricLabels: source.metrics.map((metric, index) => translation?.metricLabels[index] ?? metric.label),
        tags: (translation?.tags ?? source.tags).join(", "),
        seoTitle: translation?.seoTitle ?? "",
        seoDescription: translation?.seoDescription ?? "",
        status: translation?.status ?? "draft",
      },
      restoreTyped,
    ),
    saved: url.searchParams.get("saved"),
    translationId: translation?.id ?? null,
  };
}

type Errors = { fields: Record<string, string[]>; form?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { source, lang } = translating(params.id, params.lang);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.editor);
  const userId = staffOf(context).id;
  if (form.get("intent") === "discard-autosave") {
    discardTranslationDraft(userId, "case-study-translation", source.id, lang);
    throw redirect(`/admin/case-studies/${source.id}/translate/${lang}`);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = CaseStudyTranslationSchema.safeParse({
    lang,
    translationOf: source.id,
    title: text("title"),
    slug: text("slug"),
    category: text("category"),
    excerpt: text("excerpt"),
    challenge: text("challenge"),
    body: text("body"),
    outcome: text("outcome"),
    coverAlt: text("coverAlt"),
    metricLabels: form.getAll("metricLabels").filter((value) => typeof value === "string"),
    tags: text("tags"),
    seoTitle: text("seoTitle"),
    seoDescription: text("seoDescription"),
    status: text("intent") === "publish" ? "published" : "draft",
  });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of issuesOf(parsed.error)) (fields[issue.path] ??= []).push(issue.message);
    return data<Errors>({ fields }, { status: 400 });
  }
  try {
    saveCaseStudyTranslation(translationOfCaseStudy(source.id, lang)?.id, parsed.data);
  } catch (error) {
    if (error instanceof FieldError)
      return data<Errors>({ fields: { [error.field]: [error.message] } }, { status: 400 });
    if (error instanceof ConflictError)
      return data<Errors>(
        { fields: error.field ? { [error.field]: [error.message] } : {}, form: error.message },
        { status: 409 },
      );
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  // Saved: the unsaved work it was typed from is no longer offered back.
  discardTranslationDraft(userId, "case-study-translation", source.id, lang);
  throw redirect(
    `/admin/case-studies/${source.id}/translate/${lang}?saved=${parsed.data.status === "published" ? "published" : "draft"}`,
  );
}

const textareaClass = `${inputClass} min-h-32`;

export default function AdminCaseStudyTranslate({ loaderData, actionData }: Route.ComponentProps) {
  const { source, values, language, tag, sourceTag, state, changes, lang, saved } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useTranslationAutosave(formRef, "case-study-translation", loaderData, Boolean(actionData));
  const errors = (actionData as Errors | undefined)?.fields ?? {};
  const formError = (actionData as Errors | undefined)?.form;
  const field = (name: keyof typeof values, label: string, long = false, hint?: string) => (
    <Field id={name} label={label} errors={errors[name]} errorId={`${name}-error`} hint={hint}>
      {long ? (
        <textarea
          id={name}
          name={name}
          lang={tag}
          defaultValue={String(values[name])}
          className={textareaClass}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${name}-error`}
        />
      ) : (
        <input
          id={name}
          name={name}
          lang={tag}
          defaultValue={String(values[name])}
          className={inputClass}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${name}-error`}
        />
      )}
    </Field>
  );
  return (
    <div>
      <Link to="/admin/case-studies" className="text-sm font-semibold text-primary hover:underline">
        ← Case studies
      </Link>
      <h1 className="mt-4 text-3xl font-bold">
        {source.title} in {language}
      </h1>
      <p className="mt-1 text-muted">
        Translation: <strong className="text-fg">{state}</strong>. The images, figures, client and services
        are the English case study&apos;s; the words below are the {language} readers&apos;. Published, it is
        at /{lang}/work/
        {values.slug || "…"}.
      </p>
      <TranslationSaved saved={saved} />
      {changes !== undefined && <SourceChanges changes={changes} tag={sourceTag} />}
      <div className="mt-8 grid gap-8 lg:grid-cols-2 lg:items-start">
        <TranslationSource heading="The case study (source)" tag={sourceTag}>
          <dl className="grid gap-4">
            {(
              [
                ["Title", source.title],
                ["Category", source.category],
                ["Summary", source.excerpt],
                ["The challenge", source.challenge],
              ] as const
            ).map(([label, value]) => (
              <SourceRow key={label} label={label} value={value} />
            ))}
            <div>
              <dt className="font-medium">The approach</dt>
              <dd className="mt-1">
                <SourceBody html={source.body} label="The approach (source)" />
              </dd>
            </div>
            {(
              [
                ["The outcome", source.outcome],
                ["Cover image description", source.coverAlt],
                ["Results", source.metrics.map((m) => `${m.value} ${m.label}`).join(" · ")],
                ["Tags", source.tags],
              ] as const
            ).map(([label, value]) => (
              <SourceRow key={label} label={label} value={value} />
            ))}
          </dl>
        </TranslationSource>
        <Form ref={formRef} method="post" className="grid min-w-0 gap-4" noValidate lang={tag}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-semibold">In {language}</h2>
            {autosave.note}
          </div>
          {autosave.offer}
          {formError && <FormError>{formError}</FormError>}
          {field("title", "Title")}
          {field("slug", "Address", false, "Empty: made from the title")}
          {field("category", "Category")}
          {field("excerpt", "Summary", true)}
          {field("challenge", "The challenge", true)}
          <TranslationBody
            key={`body-${values.body}`}
            name="body"
            label="The approach"
            defaultValue={values.body}
            errors={errors.body}
            tag={tag}
          />
          {field("outcome", "The outcome", true)}
          {field("coverAlt", "Cover image description")}
          {values.metricLabels.map((label, index) => (
            <Field
              key={index}
              id={`metric-${index}`}
              label={`Result label for ${source.metrics[index]?.value ?? ""}`}
              errors={errors[`metricLabels.${index}`]}
              errorId={`metric-${index}-error`}
            >
              <input
                id={`metric-${index}`}
                name="metricLabels"
                lang={tag}
                defaultValue={label}
                className={inputClass}
                aria-describedby={`metric-${index}-error`}
              />
            </Field>
          ))}
          {field("tags", "Tags", false, "Separated by commas")}
          {field("seoTitle", "Search title")}
          {field("seoDescription", "Search description")}
          <div className="flex flex-wrap gap-3">
            <SubmitButton label="Save draft" name="intent" value="draft" variant="outline" />
            <SubmitButton label="Publish translation" name="intent" value="publish" />
          </div>
        </Form>
      </div>
    </div>
  );
}

function SourceRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className="mt-1 whitespace-pre-wrap text-muted">{value || "—"}</dd>
    </div>
  );
}
