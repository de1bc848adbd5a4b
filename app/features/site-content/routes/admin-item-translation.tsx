import { data, Form, Link, redirect } from "react-router";

import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { FieldError } from "~/platform/http/errors.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import { getItem } from "~/platform/ordered-lists.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { ActionMessage } from "~/ui/forms/action-message";
import { Field, inputClass } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

import { siteLists } from "../site-content.server";
import {
  type Feature,
  formValuesOf,
  WORD_FIELDS,
  type WordField,
  wordsFromForm,
} from "../translations/item-translation-form";
import {
  getItemTranslation,
  itemTranslationLanguage,
  removeItemTranslation,
  saveItemTranslation,
} from "../translations/item-translations.server";
import { isTranslatedList, ITEM_WORDS_SCHEMAS, type TranslatedList } from "../translations/item-words";
import type { Route } from "./+types/admin-item-translation";

/** The owner's alone (no `access`), as the lists themselves. */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData ? `${loaderData.itemName} in ${loaderData.name}` : "Translation",
    noindex: true,
  });

const NOUNS: Record<TranslatedList, string> = {
  team: "team members",
  testimonials: "testimonials",
  packages: "packages",
};

/**
 * The list, language and item the address names (/admin/team/translate/ga/<id>): anything else, a
 * language the site is not in or its default too, is the admin's 404.
 */
function targetOf(request: Request, params: { lang: string; id: string }) {
  const list = new URL(request.url).pathname.split("/")[2];
  if (!isTranslatedList(list)) throw data(null, { status: 404 });
  let lang;
  try {
    lang = itemTranslationLanguage(params.lang);
  } catch (error) {
    if (error instanceof FieldError) throw data(null, { status: 404 });
    throw error;
  }
  const item = getItem(siteLists[list], params.id);
  if (!item) throw data(null, { status: 404 });
  return { list, lang, item };
}

/** An item's words in another language, beside the source's: the form starts from the translation, else the source. */
export function loader({ request, params }: Route.LoaderArgs) {
  const { list, lang, item } = targetOf(request, params);
  const read = getItemTranslation(list, item.id, lang);
  return {
    saved: new URL(request.url).searchParams.has("saved"),
    list,
    lang,
    id: item.id,
    itemName: item.name,
    name: LANGUAGES[lang].name,
    tag: LANGUAGES[lang].tag,
    state: read.state,
    source: formValuesOf(list, read.source),
    translation: read.words ? formValuesOf(list, read.words) : null,
  };
}

type ActionResult = {
  ok: boolean;
  message: string;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { list, lang, item } = targetOf(request, params);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.editor);
  const name = LANGUAGES[lang].name;
  if (form.get("intent") === "remove") {
    const removed = removeItemTranslation(list, item.id, lang);
    return {
      ok: true,
      message: removed
        ? `Removed: pages in ${name} no longer show ${item.name}.`
        : `There were no words in ${name} to remove.`,
    } satisfies ActionResult;
  }
  const values = wordsFromForm(list, form);
  const parsed = ITEM_WORDS_SCHEMAS[list].safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]).reverse(),
    );
    return data<ActionResult>(
      { ok: false, message: "Nothing was saved: see the fields below.", values, errors },
      { status: 400 },
    );
  }
  saveItemTranslation(list, item.id, lang, parsed.data, staffOf(context).id);
  throw redirect(`/admin/${list}/translate/${lang}/${item.id}?saved`);
}

export default function AdminItemTranslation({ loaderData, actionData }: Route.ComponentProps) {
  const { list, name, tag, itemName, state, source, translation, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const start = (key: string) =>
    (result?.values?.[key] as string | Feature[] | undefined) ?? translation?.[key] ?? source[key];
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to={`/admin/${list}`} className="font-semibold text-primary hover:underline">
          ← All {NOUNS[list]}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {itemName} in {name}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">
        {state === "missing"
          ? `Not translated yet: pages in ${name} leave ${itemName} out. The form starts from the default language's words.`
          : state === "outdated"
            ? `Outdated: the default language's words changed after this was saved. Pages in ${name} show it as it is until you save it again.`
            : `Up to date: pages in ${name} show these words.`}
      </p>
      <ActionMessage
        result={
          result ?? (saved ? { ok: true, message: `Saved: pages in ${name} show these words.` } : undefined)
        }
      />
      <Form method="post" className="mt-6 grid gap-6">
        {WORD_FIELDS[list].map((field) => (
          <WordRow
            key={field.key}
            field={field}
            name={name}
            tag={tag}
            source={source[field.key]!}
            value={start(field.key)!}
            errors={result?.errors}
          />
        ))}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <SubmitButton label={`Save the words in ${name}`} compact />
        </div>
      </Form>
      {translation && (
        <Form method="post" className="mt-4 flex justify-end">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="text-sm font-semibold text-destructive hover:underline">
            Remove the translation into {name}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm text-muted">
        Names, photos, prices and the order stay the default language&apos;s: change them on the list.
      </p>
    </div>
  );
}

function WordRow({
  field,
  name,
  tag,
  source,
  value,
  errors,
}: {
  field: WordField;
  name: string;
  tag: string;
  source: string | Feature[];
  value: string | Feature[];
  errors: Record<string, string> | undefined;
}) {
  const empty = Array.isArray(source) ? source.length === 0 : source.trim() === "";
  // A field the source leaves empty stays empty in the translation (nothing to translate).
  if (field.optional && empty)
    return field.shape === "features" ? null : <input type="hidden" name={field.key} value="" />;
  const id = `words-${field.key}`;
  const error = errors?.[field.key];
  return (
    <div className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-2">
      <div>
        <p className="text-sm font-medium">{field.label}: the default language&apos;s</p>
        {Array.isArray(source) ? (
          <ul className="mt-1 grid gap-1 text-sm text-muted">
            {source.map((feature, index) => (
              <li key={index}>
                {feature.name}
                {feature.detail && ` (${feature.detail})`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm whitespace-pre-line text-muted">{source}</p>
        )}
      </div>
      {field.shape === "features" ? (
        <FeatureRows
          field={field}
          name={name}
          tag={tag}
          rows={value as Feature[]}
          source={source as Feature[]}
          errors={errors}
        />
      ) : (
        <Field
          id={id}
          label={`${field.label} in ${name}`}
          hint={field.hint}
          errors={error ? [error] : undefined}
          errorId={`${id}-error`}
        >
          {field.shape === "line" ? (
            <input
              id={id}
              name={field.key}
              lang={tag}
              defaultValue={value as string}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
              className={inputClass}
            />
          ) : (
            <textarea
              id={id}
              name={field.key}
              lang={tag}
              rows={field.shape === "lines" ? 5 : 4}
              defaultValue={value as string}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
              className={inputClass}
            />
          )}
        </Field>
      )}
    </div>
  );
}

/** A package's features, one row each (as many as the source has, or the translation if more). */
function FeatureRows({
  field,
  name,
  tag,
  rows,
  source,
  errors,
}: {
  field: WordField;
  name: string;
  tag: string;
  rows: Feature[];
  /** The source's features: a row each (more if the translation has more), each named under its row. */
  source: Feature[];
  errors: Record<string, string> | undefined;
}) {
  const count = Math.max(source.length, rows.length);
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">
        {field.label} in {name}
      </legend>
      {field.hint && <p className="text-xs text-muted">{field.hint}</p>}
      {errors?.[field.key] && <p className="text-sm text-destructive">{errors[field.key]}</p>}
      {Array.from({ length: count }, (_, index) => {
        const id = `${field.key}-${index}`;
        const nameError = errors?.[`${field.key}.${index}.name`];
        const detailError = errors?.[`${field.key}.${index}.detail`];
        return (
          <div key={index} className="grid gap-2 sm:grid-cols-2">
            <Field
              id={`${id}-name`}
              label={`Feature ${index + 1}`}
              hint={source[index] && `In the default language: ${source[index].name}`}
              errors={nameError ? [nameError] : undefined}
              errorId={`${id}-name-error`}
            >
              <input
                id={`${id}-name`}
                name={`${field.key}.${index}.name`}
                lang={tag}
                defaultValue={rows[index]?.name ?? ""}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${id}-name-error`}
                className={inputClass}
              />
            </Field>
            <Field
              id={`${id}-detail`}
              label={`Note ${index + 1}`}
              hint={source[index]?.detail && `In the default language: ${source[index].detail}`}
              errors={detailError ? [detailError] : undefined}
              errorId={`${id}-detail-error`}
            >
              <input
                id={`${id}-detail`}
                name={`${field.key}.${index}.detail`}
                lang={tag}
                defaultValue={rows[index]?.detail ?? ""}
                aria-invalid={detailError ? true : undefined}
                aria-describedby={`${id}-detail-error`}
                className={inputClass}
              />
            </Field>
          </div>
        );
      })}
    </fieldset>
  );
}
