import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";

import {
  addService,
  listAllServices,
  moveService,
  readdressService,
  setServiceHidden,
} from "~/features/pages/copy/services.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { buttonClass } from "~/ui/button-link";
import { ActionMessage } from "~/ui/forms/action-message";
import { Field, inputClass } from "~/ui/forms/field";

import type { Route } from "./+types/admin-services";

/** The owner and editors arrange the services, as they edit the pages. */
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Services", noindex: true });

/** /admin/pages/services: every service in the site's order, hidden ones marked. */
export function loader() {
  return { services: listAllServices() };
}

type Fields = { title?: string; slug?: string; from?: string };
type ActionResult =
  | { ok: true; message: string; /** The service just added, whose words are edited next. */ added?: string }
  | {
      ok: false;
      /** Which form the errors belong to: "add", or the service whose address was being changed. */
      form: string;
      values: Fields;
      errors: Partial<Record<keyof Fields, string>>;
      message?: string;
    };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function action({ request, context }: Route.ActionArgs) {
  const actor = staffOf(context);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.services);
  const intent = text(form, "intent");
  const slug = text(form, "service");
  const values: Fields = { title: text(form, "title"), slug: text(form, "slug"), from: text(form, "from") };
  const formName = intent === "add" ? "add" : slug;
  try {
    switch (intent) {
      case "up":
      case "down":
        return {
          ok: true,
          message: moveService(slug, intent, actor)
            ? `Moved ${slug} ${intent}.`
            : `${slug} is already ${intent === "up" ? "first" : "last"}.`,
        } satisfies ActionResult;
      case "hide":
      case "show": {
        const changed = setServiceHidden(slug, intent === "hide", actor);
        const now = intent === "hide" ? "hidden: its page answers “not found” to visitors" : "shown";
        return {
          ok: true,
          message: changed ? `/services/${slug} is ${now}.` : `/services/${slug} already was.`,
        } satisfies ActionResult;
      }
      case "readdress": {
        const moved = readdressService(slug, values.slug, actor);
        return {
          ok: true,
          message: `The service is now at /services/${moved}; /services/${slug} sends visitors and search engines there (301).`,
        } satisfies ActionResult;
      }
      case "add": {
        const added = addService(values, actor);
        return {
          ok: true,
          message: `Added “${values.title?.trim()}” at /services/${added}, hidden. Change its words and publish them, then press Show.`,
          added,
        } satisfies ActionResult;
      }
      default:
        return data<ActionResult>(
          { ok: false, form: "", values, errors: {}, message: "Choose what to do with the service." },
          { status: 400 },
        );
    }
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    const errors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, [message]]) => [field, message]),
    );
    return data<ActionResult>(
      { ok: false, form: formName, values, errors, message: formErrors[0] },
      { status },
    );
  }
}

/**
 * A service's address, as both forms ask for it (the new service's, and a new one for a service): the
 * part after /services/, shown beside its box, in the letters addresses are written in.
 */
function AddressField({
  id,
  label,
  hint,
  defaultValue,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  hint: string;
  defaultValue: string | undefined;
  error: string | undefined;
  placeholder?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} errorId={`${id}-error`} errors={error ? [error] : undefined}>
      <span className="mt-1 flex items-center gap-1 font-mono text-sm">
        <span className="text-muted">/services/</span>
        <input
          id={id}
          name="slug"
          defaultValue={defaultValue}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          {...(error && { "aria-invalid": true, "aria-describedby": `${id}-error` })}
          className={`${inputClass} mt-0 min-w-0 font-mono`}
        />
      </span>
    </Field>
  );
}

const rowButton =
  "inline-flex min-h-11 items-center rounded-full border border-border px-3.5 text-sm font-semibold hover:border-primary disabled:opacity-40";

function RowAction({
  slug,
  intent,
  label,
  disabled,
  busy,
}: {
  slug: string;
  intent: string;
  label: string;
  disabled?: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="service" value={slug} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={rowButton}
        disabled={disabled || busy}
        aria-label={`${label}: ${slug}`}
      >
        {label}
      </button>
    </Form>
  );
}

export default function AdminServices({ loaderData, actionData }: Route.ComponentProps) {
  const { services } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errorsFor = (form: string) => (failed?.form === form ? failed.errors : {});
  const addErrors = errorsFor("add");
  const addValues = failed?.form === "add" ? failed.values : {};
  const invalid = (id: string, error: string | undefined) =>
    error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.ok && actionData.added) message.current?.focus();
  }, [actionData]);
  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/pages" className="font-semibold text-primary hover:underline">
          ← Pages
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Services</h1>
      <p className="mt-2 max-w-2xl text-muted">
        The order here is the order on the home page, in the phone menu and in the sitemap. A hidden service
        leaves them all and its page answers “not found” to visitors; you can still edit its words.
      </p>

      {/* After an add (its form is at the bottom) the message is brought into view, with the next step. */}
      <div ref={message} tabIndex={-1} className="scroll-mt-24 outline-none">
        <ActionMessage result={actionData} />
        {actionData?.ok && actionData.added && (
          <Link
            to={`/admin/pages/edit/services/${actionData.added}`}
            className={`${rowButton} mt-3 text-primary`}
          >
            Edit its words
          </Link>
        )}
      </div>

      <ol
        className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card"
        aria-label="Services"
      >
        {services.map((service, index) => {
          const errors = errorsFor(service.slug);
          const fieldId = `address-${service.slug}`;
          return (
            <li key={service.slug} className="px-4 py-4 sm:px-5">
              <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
                <div className="flex min-w-0 flex-1 basis-72 gap-3">
                  <span aria-hidden="true" className="w-6 shrink-0 pt-1 text-sm text-muted tabular-nums">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h2 className="text-lg font-semibold wrap-anywhere">{service.title}</h2>
                      {service.hidden && (
                        <span className="rounded-full bg-accent/10 px-2.5 py-0.5 text-xs font-semibold text-accent">
                          Hidden
                        </span>
                      )}
                      {service.draftWaiting && (
                        <span className="rounded-full bg-border px-2.5 py-0.5 text-xs font-semibold text-muted">
                          Draft waiting
                        </span>
                      )}
                    </div>
                    <p className="mt-0.5 font-mono text-xs wrap-anywhere text-muted sm:text-sm">
                      {service.hidden ? (
                        service.path
                      ) : (
                        <a href={service.path} className="hover:text-fg hover:underline">
                          {service.path}
                        </a>
                      )}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 pl-9 sm:pl-0">
                  <RowAction
                    slug={service.slug}
                    intent="up"
                    label="Move up"
                    disabled={index === 0}
                    busy={busy}
                  />
                  <RowAction
                    slug={service.slug}
                    intent="down"
                    label="Move down"
                    disabled={index === services.length - 1}
                    busy={busy}
                  />
                  <RowAction
                    slug={service.slug}
                    intent={service.hidden ? "show" : "hide"}
                    label={service.hidden ? "Show" : "Hide"}
                    busy={busy}
                  />
                  <Link to={`/admin/pages/edit/services/${service.slug}`} className={rowButton}>
                    Edit words
                  </Link>
                </div>
              </div>
              <details className="mt-1 pl-9" open={failed?.form === service.slug}>
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-primary hover:underline">
                  Change address
                </summary>
                <Form
                  method="post"
                  className="mt-2 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
                  noValidate
                >
                  <input type="hidden" name="service" value={service.slug} />
                  <AddressField
                    id={fieldId}
                    label="New address"
                    hint="The old address will send visitors and search engines to the new one (301)."
                    defaultValue={failed?.form === service.slug ? failed.values.slug : service.slug}
                    error={errors.slug}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="readdress"
                    className={`${buttonClass("outline")} sm:mb-6`}
                    disabled={busy}
                  >
                    Change address
                  </button>
                </Form>
              </details>
            </li>
          );
        })}
      </ol>

      <Form
        method="post"
        id="add"
        key={services.length}
        className="mt-10 grid gap-4 rounded-2xl border border-border bg-card p-5 sm:grid-cols-2 sm:p-6"
        noValidate
      >
        <h2 className="text-xl font-bold sm:col-span-2">Add a service</h2>
        <p className="text-sm text-muted sm:col-span-2">
          The new service starts as a copy of the one you choose, hidden, so every part of its page already
          holds words. Change them in its editor, publish, then press Show to put it on the site.
        </p>
        <Field
          id="service-title"
          label="Name"
          errorId="service-title-error"
          errors={addErrors.title ? [addErrors.title] : undefined}
        >
          <input
            id="service-title"
            name="title"
            defaultValue={addValues.title}
            maxLength={60}
            {...invalid("service-title", addErrors.title)}
            className={inputClass}
          />
        </Field>
        <AddressField
          id="service-slug"
          label="Address"
          hint="Left empty, it is made from the name."
          defaultValue={addValues.slug}
          error={addErrors.slug}
          placeholder="social-media"
        />
        <Field
          id="service-from"
          label="Start from"
          errorId="service-from-error"
          errors={addErrors.from ? [addErrors.from] : undefined}
          className="sm:col-span-2"
        >
          <select
            id="service-from"
            name="from"
            defaultValue={addValues.from || services[0]?.slug}
            {...invalid("service-from", addErrors.from)}
            className={inputClass}
          >
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.title}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="add" className={buttonClass("primary")} disabled={busy}>
            Add a service
          </button>
        </div>
      </Form>
    </div>
  );
}
