import { data, Form, Link } from "react-router";

import {
  removeSettingsTranslation,
  saveSettingsTranslation,
  settingsTranslation,
  SiteWordsSchema,
  translatableLanguage,
} from "~/features/site-content/settings-translations.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { LANGUAGES } from "~/platform/i18n/languages";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import type { SiteWords } from "~/platform/site/site-words.server";
import { ActionMessage } from "~/ui/forms/action-message";
import { Field, inputClass } from "~/ui/forms/field";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-settings-words";

/** The owner's alone (no `access`), as the rest of Site settings. */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: `Site settings in ${loaderData?.name ?? "another language"}`, noindex: true });

/** Only a language the site is in, other than the default: anything else is the admin's 404. */
function languageOf(params: { lang: string }) {
  const lang = translatableLanguage(params.lang);
  if (!lang) throw data(null, { status: 404 });
  return lang;
}

/** /admin/settings/words/:lang: the tagline and the enquiry auto-reply in one of the site's other languages. */
export function loader({ params }: Route.LoaderArgs) {
  const lang = languageOf(params);
  const { tagline, autoReplySubject, autoReplyBody } = getSiteSettings();
  return {
    lang,
    name: LANGUAGES[lang].name,
    tag: LANGUAGES[lang].tag,
    source: { tagline, autoReplySubject, autoReplyBody } satisfies SiteWords,
    translation: settingsTranslation(lang) ?? null,
  };
}

type ActionResult = {
  ok: boolean;
  message: string;
  values?: Record<string, string>;
  errors?: Partial<Record<keyof SiteWords, string>>;
};

export async function action({ request, params }: Route.ActionArgs) {
  const lang = languageOf(params);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.contact);
  const name = LANGUAGES[lang].name;
  if (form.get("intent") === "remove") {
    const removed = removeSettingsTranslation(lang);
    return {
      ok: true,
      message: removed
        ? `Removed: visitors in ${name} get the default language's words again.`
        : `There were no words in ${name} to remove.`,
    } satisfies ActionResult;
  }
  const values = Object.fromEntries(
    (["tagline", "autoReplySubject", "autoReplyBody"] as const).map((key) => [
      key,
      String(form.get(key) ?? ""),
    ]),
  );
  const parsed = SiteWordsSchema.safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    ) as ActionResult["errors"];
    return data<ActionResult>(
      { ok: false, message: "Nothing was saved: see the fields below.", values, errors },
      { status: 400 },
    );
  }
  saveSettingsTranslation(lang, parsed.data);
  return {
    ok: true,
    message: `Saved: pages in ${name} show this tagline, and enquiries from them get this reply.`,
  } satisfies ActionResult;
}

const FIELDS: [keyof SiteWords, string, string][] = [
  ["tagline", "Tagline", "One line under the name in the footer of every page in this language."],
  ["autoReplySubject", "Auto-reply subject", "{name} is the agency's name."],
  [
    "autoReplyBody",
    "Auto-reply message",
    "The first paragraph is the greeting. {firstName} is the enquirer's first name; {name}, {phone} and {email} are the agency's.",
  ],
];

export default function AdminSettingsWords({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, name, tag, source, translation } = loaderData;
  const result = actionData as ActionResult | undefined;
  // What the form starts from: what was just refused, else the saved translation, else the default's words.
  const start = (key: keyof SiteWords) => result?.values?.[key] ?? translation?.[key] ?? source[key];
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/settings" className="font-semibold text-primary hover:underline">
          ← Site settings
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Site settings in {name}</h1>
      <p className="mt-2 max-w-2xl text-muted">
        {translation
          ? `Pages in ${name} show this tagline, and an enquiry sent from them gets this reply.`
          : `Not written yet: pages in ${name} show the default language's tagline, and enquiries from them get the default language's reply. The form starts from those words.`}
      </p>
      <ActionMessage result={result} />
      <Form method="post" className="mt-6 grid gap-6">
        {FIELDS.map(([key, label, hint]) => (
          <div key={key} className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-2">
            <div>
              <p className="text-sm font-medium">{label}: the default language&apos;s</p>
              <p className="mt-1 text-sm whitespace-pre-line text-muted">{source[key]}</p>
            </div>
            <Field
              id={`words-${key}`}
              label={`${label} in ${name}`}
              hint={hint}
              errors={result?.errors?.[key] ? [result.errors[key]] : undefined}
              errorId={`words-${key}-error`}
            >
              {key === "autoReplyBody" ? (
                <textarea
                  id={`words-${key}`}
                  name={key}
                  lang={tag}
                  rows={9}
                  defaultValue={start(key)}
                  aria-invalid={result?.errors?.[key] ? true : undefined}
                  aria-describedby={`words-${key}-error`}
                  className={inputClass}
                />
              ) : (
                <input
                  id={`words-${key}`}
                  name={key}
                  lang={tag}
                  defaultValue={start(key)}
                  aria-invalid={result?.errors?.[key] ? true : undefined}
                  aria-describedby={`words-${key}-error`}
                  className={inputClass}
                />
              )}
            </Field>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <SubmitButton label={`Save the words in ${name}`} compact />
        </div>
      </Form>
      {translation && (
        <Form method="post" className="mt-4 flex justify-end">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="text-sm font-semibold text-destructive hover:underline">
            Remove the words in {name}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm text-muted">
        Language code: {lang}. The e-mail&apos;s own words (&ldquo;What you sent us&rdquo;) are the
        site&apos;s interface words in {name}.
      </p>
    </div>
  );
}
