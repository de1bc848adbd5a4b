import { data, Form, useNavigation } from "react-router";

import { received } from "~/features/enquiries";
import { sitePages } from "~/features/pages/index.server";
import {
  addRedirect,
  deleteRedirect,
  listNotFound,
  listRedirects,
  RedirectSchema,
  resolveRedirect,
  waitsForItsPage,
} from "~/features/redirects/redirects.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { pageMeta } from "~/platform/pages/seo";
import { buttonClass } from "~/ui/button-link";
import { ActionMessage } from "~/ui/forms/action-message";
import { Field, inputClass } from "~/ui/forms/field";

import type { Route } from "./+types/admin-redirects";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Redirects", noindex: true });

/** /admin/redirects: the owner's redirects, and the missing pages visitors hit (?from= fills the form). */
export function loader({ request }: Route.LoaderArgs) {
  return {
    from: new URL(request.url).searchParams.get("from") ?? "",
    // Offered as the "To" field is typed: the pages a redirect can end on.
    pages: sitePages().map(({ title, path }) => ({ title, path })),
    // A rule to a post or case study that is not live yet waits for it (not sent on to a 404).
    redirects: listRedirects().map((rule) => ({
      ...rule,
      waiting: !rule.prefix && waitsForItsPage(rule.toPath),
    })),
    missing: listNotFound(100).map((hit) => ({ ...hit, redirected: Boolean(resolveRedirect(hit.path)) })),
  };
}

type Values = { from: string; to: string; status: string; prefix: boolean };
type ActionResult =
  | { ok: true; message: string }
  | { ok: false; values: Values; errors: Partial<Record<keyof Values, string>>; message?: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.redirects);
  if (form.get("intent") === "delete") {
    const removed = deleteRedirect(String(form.get("id") ?? ""));
    return data<ActionResult>(
      removed
        ? { ok: true, message: `Removed the redirect from ${String(form.get("from") ?? "")}.` }
        : { ok: false, values: blank, errors: {}, message: "That redirect was already removed." },
      { status: removed ? 200 : 404 },
    );
  }
  const values: Values = {
    from: String(form.get("from") ?? ""),
    to: String(form.get("to") ?? ""),
    status: String(form.get("status") ?? "301"),
    prefix: form.get("prefix") === "on",
  };
  const parsed = RedirectSchema.safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
    return data<ActionResult>({ ok: false, values, errors }, { status: 400 });
  }
  try {
    const created = addRedirect(parsed.data);
    return {
      ok: true,
      message: `${created.fromPath} now redirects to ${created.toPath}.`,
    } satisfies ActionResult;
  } catch (error) {
    const { status, fieldErrors } = domainErrorForForm(error, { field: "from" });
    const errors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, [message]]) => [field, message]),
    );
    return data<ActionResult>({ ok: false, values, errors }, { status });
  }
}

const blank: Values = { from: "", to: "", status: "301", prefix: false };

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, missing, from, pages } = loaderData;
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  // After a success the form starts empty again (the key changes with the list).
  const values = failed?.values ?? { ...blank, from };
  const errors = failed?.errors ?? {};
  const errorOf = (field: keyof Values) => (errors[field] ? [errors[field]] : undefined);
  const invalid = (field: keyof Values) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `redirect-${field}-error` } : {};
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Redirects</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Send visitors and search engines from an old address to the new one: after a page is renamed, a
        service is retired or the site has moved. Below them, the missing pages visitors have hit.
      </p>

      <ActionMessage result={actionData} />

      <Form
        method="post"
        id="add"
        key={`${redirects.length}-${from}`}
        className="mt-6 grid gap-4 rounded-2xl border border-border bg-card p-5 sm:grid-cols-2 sm:p-6"
        noValidate
      >
        <h2 className="text-xl font-bold sm:col-span-2">Add a redirect</h2>
        <Field
          id="redirect-from"
          label="From (old address)"
          errorId="redirect-from-error"
          errors={errorOf("from")}
        >
          <input
            id="redirect-from"
            name="from"
            defaultValue={values.from}
            placeholder="/old-page"
            {...invalid("from")}
            className={inputClass}
          />
        </Field>
        <Field id="redirect-to" label="To (new address)" errorId="redirect-to-error" errors={errorOf("to")}>
          <input
            id="redirect-to"
            name="to"
            defaultValue={values.to}
            placeholder="/services/seo or https://…"
            list="site-pages"
            {...invalid("to")}
            className={inputClass}
          />
          <datalist id="site-pages">
            {pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.title}
              </option>
            ))}
          </datalist>
        </Field>
        <Field
          id="redirect-status"
          label="Kind"
          hint="Permanent: moved for good. Temporary: it will come back."
          errorId="redirect-status-error"
          errors={errorOf("status")}
        >
          <select
            id="redirect-status"
            name="status"
            defaultValue={values.status}
            {...invalid("status")}
            className={inputClass}
          >
            <option value="301">Permanent (301)</option>
            <option value="302">Temporary (302)</option>
          </select>
        </Field>
        <label className="flex items-start gap-3 self-end pb-2 text-sm">
          <input
            type="checkbox"
            name="prefix"
            defaultChecked={values.prefix}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            Also everything under it (/old-blog/any-post goes to the same place under the new address)
          </span>
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={buttonClass("primary")}
            disabled={navigation.state === "submitting"}
          >
            Add redirect
          </button>
        </div>
      </Form>

      <section aria-labelledby="redirects-heading" className="mt-10">
        <h2 id="redirects-heading" className="text-xl font-bold">
          Redirects ({redirects.length})
        </h2>
        {redirects.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-border p-6 text-center text-muted">
            No redirects yet.
          </p>
        ) : (
          <ul
            className="mt-4 divide-y divide-border rounded-2xl border border-border bg-card"
            aria-label="Redirects"
          >
            {redirects.map((rule) => (
              <li key={rule.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
                <p className="min-w-0 flex-1 basis-64 font-mono text-sm break-all">
                  {rule.fromPath}
                  {rule.prefix && "/…"} <span className="text-muted">→</span> {rule.toPath}
                  {rule.prefix && "/…"}
                </p>
                <span className="rounded-full bg-border px-2.5 py-0.5 text-xs font-semibold text-muted">
                  {rule.waiting
                    ? "Waits until it is published"
                    : rule.status === 301
                      ? "Permanent"
                      : "Temporary"}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={rule.id} />
                  <input type="hidden" name="from" value={rule.fromPath} />
                  <button
                    type="submit"
                    aria-label={`Remove the redirect from ${rule.fromPath}`}
                    className="min-h-11 rounded-full border border-border px-4 text-sm font-semibold hover:border-destructive hover:text-destructive"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="missing-heading" className="mt-10">
        <h2 id="missing-heading" className="text-xl font-bold">
          Pages not found
        </h2>
        <p className="mt-1 text-sm text-muted">
          Addresses people opened that don't exist, most often first (the last 90 days; crawlers not counted).
        </p>
        {missing.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-border p-6 text-center text-muted">
            No missing pages so far.
          </p>
        ) : (
          <ul
            className="mt-4 divide-y divide-border rounded-2xl border border-border bg-card"
            aria-label="Pages not found"
          >
            {missing.map((hit) => (
              <li key={hit.path} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-mono text-sm break-all">{hit.path}</p>
                  <p className="text-sm text-muted">
                    {hit.count === 1 ? "Once" : `${hit.count} times`}, last {received.format(hit.lastSeenAt)}
                    {hit.referrer && <span className="break-all"> · from {hit.referrer}</span>}
                  </p>
                </div>
                {hit.redirected ? (
                  <span className="text-sm text-secondary">Redirected</span>
                ) : (
                  <a
                    href={`/admin/redirects?from=${encodeURIComponent(hit.path)}#add`}
                    className="inline-flex min-h-11 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary hover:text-primary"
                    aria-label={`Redirect this: ${hit.path}`}
                  >
                    Redirect this
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
