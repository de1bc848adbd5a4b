import { data, Form, Link, redirect } from "react-router";

import { TranslationSaved } from "~/features/editor";
import {
  applyListIntent,
  listIntentOf,
  type Loose,
  readCopyForm,
} from "~/features/pages/components/admin/copy-form";
import { type FieldSpec, pageFormSpec } from "~/features/pages/components/admin/copy-spec";
import { type FieldErrors, PageFields } from "~/features/pages/components/admin/page-fields";
import { getPage, PageCopyInvalid, pathsShowing } from "~/features/pages/copy/page-copy.server";
import { kindOfKey } from "~/features/pages/copy/page-schemas";
import {
  getTranslation,
  publishTranslation,
  saveTranslationDraft,
  translationLanguage,
} from "~/features/pages/copy/page-translations.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import { LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-page-translate";

// Owner and editors translate the pages, as they edit them.
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData ? `Translate: ${loaderData.title}` : "Translate a page", noindex: true });

/** The page and language the address names (/admin/pages/translate/ga/services/seo), or the admin's 404. */
function translating(lang: string | undefined, key: string | undefined) {
  const kind = key ? kindOfKey(key) : null;
  let language;
  try {
    language = translationLanguage(lang);
  } catch (error) {
    if (error instanceof FieldError) throw data(null, { status: 404 });
    throw error;
  }
  if (!key || !kind || !language) throw data(null, { status: 404 });
  try {
    return { source: getPage(key, { staff: true }), kind, lang: language };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export function loader({ params, request }: Route.LoaderArgs) {
  const { source, kind, lang } = translating(params.lang, params["*"]);
  const translation = getTranslation(source.key, lang, { staff: true });
  const path = pathsShowing(source.key)[0];
  return {
    saved: new URL(request.url).searchParams.get("saved"),
    // Where visitors read it once published (the 404 has no address of its own).
    livePath: translation.published && path ? pathIn(lang, path, siteLanguages()) : null,
    key: source.key,
    title: source.title,
    lang,
    language: LANGUAGES[lang].name,
    state: translation.state,
    source: source.published,
    // A translation starts from the source's words, to be written over.
    values: (translation.draft ?? translation.published ?? source.published) as Loose,
    spec: pageFormSpec(kind),
  };
}

type Issue = { path: string; message: string };
const again = (values: Loose, issues: Issue[], status: number) => data({ values, issues }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const { source, kind, lang } = translating(params.lang, params["*"]);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.page);
  const intent = String(form.get("intent") ?? "save");
  const spec = pageFormSpec(kind);
  const read = readCopyForm(spec, form.entries());
  if (!read.ok)
    return again(
      source.published,
      [{ path: "", message: `The form could not be read: it has ${read.problem}.` }],
      400,
    );
  if (read.unknown.length)
    return again(
      read.copy,
      [{ path: "", message: `This page has no field ${read.unknown.slice(0, 3).join(", ")}.` }],
      400,
    );
  const listIntent = listIntentOf(intent);
  if (listIntent) return again(applyListIntent(spec, read.copy, listIntent), [], 200);
  if (intent !== "save" && intent !== "publish")
    return again(read.copy, [{ path: "", message: "Unknown action." }], 400);
  const actor = { id: user.id, role: user.role };
  try {
    saveTranslationDraft(source.key, lang, read.copy, actor);
    if (intent === "publish") publishTranslation(source.key, lang, actor);
  } catch (error) {
    if (error instanceof PageCopyInvalid) return again(read.copy, error.issues, 400);
    if (error instanceof ForbiddenError)
      return again(
        read.copy,
        [{ path: "", message: `${error.message} The translation is saved as a draft.` }],
        403,
      );
    throw error;
  }
  return redirect(
    `/admin/pages/translate/${lang}/${source.key}?saved=${intent === "publish" ? "published" : "draft"}`,
  );
}

const within = (outer: string, inner: string) => (outer ? `${outer} › ${inner}` : inner);

/** The source's words as lines named as the form names their fields ("Hero › Headline"), to read beside the translation. */
function linesOf(value: unknown, spec: FieldSpec, label = ""): [string, string][] {
  if (typeof value === "string") return [[label || spec.label, value]];
  if (Array.isArray(value) && spec.type === "list")
    return value.flatMap((item, index) =>
      linesOf(item, spec.item, within(label, `${spec.itemLabel} ${index + 1}`)),
    );
  if (value && typeof value === "object" && spec.type === "object")
    return spec.fields.flatMap((field) =>
      linesOf((value as Record<string, unknown>)[field.key], field, within(label, field.label)),
    );
  return [];
}

export default function AdminPageTranslate({ loaderData, actionData }: Route.ComponentProps) {
  const { key, title, lang, language, state, source, spec, saved, livePath } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const issues = actionData?.issues ?? [];
  const errors: FieldErrors = {};
  for (const { path, message } of issues) (errors[path] ??= []).push(message);
  const general = issues.filter((issue) => issue.path === "");
  return (
    <div>
      <p className="text-sm">
        <Link to={`/admin/pages/edit/${key}`} className="font-semibold text-primary hover:underline">
          ← {title}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {title} in {language}
      </h1>
      <p className="mt-2 text-muted">
        Translation: <strong className="text-fg">{state}</strong>. The page is at /{lang}/… once its
        translation is published; until then it is not there.
      </p>
      <TranslationSaved saved={actionData ? null : saved} />
      {livePath && (
        <p className="mt-2 text-sm">
          Visitors read it at{" "}
          <a href={livePath} className="font-semibold text-primary underline">
            {livePath}
          </a>
          .
        </p>
      )}
      {general.map((issue) => (
        <FormError key={issue.message}>{issue.message}</FormError>
      ))}
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="source-heading" className="rounded-2xl border border-border bg-card p-5">
          <h2 id="source-heading" className="font-semibold">
            The published words (source)
          </h2>
          <dl className="mt-3 grid gap-3 text-sm" lang="en">
            {linesOf(source, spec).map(([label, text], index) => (
              <div key={index}>
                <dt className="text-xs font-semibold text-muted">{label}</dt>
                <dd className="wrap-anywhere whitespace-pre-line">{text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Form method="post" noValidate aria-label={`${title} in ${language}`} lang={LANGUAGES[lang].tag}>
          <PageFields spec={spec} values={values} errors={errors} />
          <div className="mt-6 flex flex-wrap gap-3">
            <SubmitButton label="Save draft" pendingLabel="Saving..." name="intent" value="save" />
            <SubmitButton
              label="Publish translation"
              pendingLabel="Publishing..."
              name="intent"
              value="publish"
              variant="outline"
            />
          </div>
        </Form>
      </div>
    </div>
  );
}
