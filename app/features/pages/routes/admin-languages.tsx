import { data, Form, Link } from "react-router";

import { saveSiteLanguages } from "~/features/pages/copy/language-settings.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { LANGUAGE_CODES, LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { ActionMessage } from "~/ui/forms/action-message";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-languages";

/** The owner's alone (no `access`), as the rest of Site settings. */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = () => pageMeta({ title: "Languages", noindex: true });

/** /admin/settings/languages: the site's languages and its default one. */
export function loader() {
  return { site: siteLanguages() };
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.sessions);
  const languages = form.getAll("languages").map(String);
  const chosen = String(form.get("default") ?? "");
  try {
    // The default is always one of the site's languages, ticked or not.
    const saved = saveSiteLanguages({ default: chosen, languages: [...new Set([chosen, ...languages])] });
    const names = saved.languages.map((code) => LANGUAGES[code].name).join(", ");
    return { ok: true, message: `Saved: the site is in ${names}.` } satisfies ActionResult;
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const message =
      formErrors[0] ?? Object.values(fieldErrors)[0]?.[0] ?? "The languages could not be saved.";
    return data<ActionResult>({ ok: false, message }, { status });
  }
}

export default function AdminLanguages({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/settings" className="font-semibold text-primary hover:underline">
          ← Site settings
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Languages</h1>
      <p className="mt-2 max-w-2xl text-muted">
        The default language keeps the site’s addresses as they are; each other language has its own, such as
        /ga/about. A page shows in a language once its translation is published
        (/admin/pages/translate/ga/about, say). Visitors choose their language at the foot of every page;
        nobody is redirected by their browser’s language.
      </p>
      <ActionMessage result={actionData} />
      <Form method="post" className="mt-6 grid gap-6">
        <fieldset className="rounded-2xl border border-border bg-card p-5">
          <legend className="px-1 font-semibold">The site’s languages</legend>
          <ul className="grid gap-2">
            {LANGUAGE_CODES.map((code) => (
              <li key={code}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    name="languages"
                    value={code}
                    defaultChecked={site.languages.includes(code)}
                    className="size-5"
                  />
                  <span>
                    {LANGUAGES[code].name}{" "}
                    <span className="text-muted" lang={LANGUAGES[code].tag}>
                      ({LANGUAGES[code].native})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="rounded-2xl border border-border bg-card p-5">
          <legend className="px-1 font-semibold">Default language</legend>
          <p className="text-sm text-muted">
            The language the pages’ own words are written in. It cannot change once pages are translated.
          </p>
          <ul className="mt-2 grid gap-2">
            {LANGUAGE_CODES.map((code) => (
              <li key={code}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name="default"
                    value={code}
                    defaultChecked={site.default === code}
                    className="size-5"
                  />
                  {LANGUAGES[code].name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <SubmitButton label="Save languages" pendingLabel="Saving..." />
        </div>
      </Form>
    </div>
  );
}
