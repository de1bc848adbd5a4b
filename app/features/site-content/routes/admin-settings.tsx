import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, redirect } from "react-router";

import { TaskList } from "~/features/admin";
import { BackupStatusNotice } from "~/features/backups";
import { backupStatus } from "~/features/backups/index.server";
import { StatGrid } from "~/features/site-content/components/stat-tile";
import { saveSiteSettings } from "~/features/site-content/site-settings.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { pageMeta } from "~/platform/pages/seo";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { siteFacts, type SiteSettings, SiteSettingsSchema } from "~/platform/site/site-settings";
import { taskReport } from "~/platform/tasks.server";
import { Field, inputClass } from "~/ui/field";
import { FormError } from "~/ui/form-error";
import { SubmitButton } from "~/ui/submit-button";
import { toast } from "~/ui/toast";

import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Site settings", noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  return {
    settings: getSiteSettings(),
    saved: new URL(request.url).searchParams.has("saved"),
    backup: backupStatus(),
    tasks: taskReport(),
    now: Date.now(),
  };
}

/** One save for every fact: the pages showing them are rendered again at the next request. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.contact);
  const submission = parseWithZod(form, { schema: SiteSettingsSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  saveSiteSettings(submission.value);
  throw redirect("/admin/settings?saved");
}

type FieldName = keyof SiteSettings;
type Group = { title: string; hint: string; fields: [FieldName, string, string?][] };

const groups: Group[] = [
  {
    title: "The agency",
    hint: "Shown in the footer, the legal pages and search results.",
    fields: [
      ["name", "Agency name"],
      ["legalName", "Registered name"],
      ["tagline", "Tagline", "One line under the name in the footer."],
      ["companyNumber", "Company number"],
    ],
  },
  {
    title: "Contact",
    hint: "Every page that shows the e-mail or phone number reads it from here.",
    fields: [
      ["email", "E-mail"],
      ["phone", "Phone", "As people should dial it, e.g. +353 1 555 0142."],
    ],
  },
  {
    title: "Address",
    hint: "The footer, the contact page and the business details search engines read.",
    fields: [
      ["street", "Street"],
      ["locality", "Town or district"],
      ["region", "County or region"],
      ["postalCode", "Eircode"],
      ["country", "Country"],
      ["countryCode", "Country code", "Two letters, e.g. IE."],
      ["latitude", "Latitude", "For maps, e.g. 53.3478."],
      ["longitude", "Longitude", "For maps, e.g. -6.2397."],
    ],
  },
  {
    title: "Social links",
    hint: "Full addresses starting with https://; leave empty to hide one.",
    fields: [
      ["linkedin", "LinkedIn"],
      ["instagram", "Instagram"],
      ["facebook", "Facebook"],
      ["x", "X"],
    ],
  },
  {
    title: "Headline figures",
    hint: "The home and about pages' figures. Years in business is counted from the year founded.",
    fields: [
      ["clientsServed", "Clients served", "e.g. 250+"],
      ["successRate", "Success rate", "e.g. 95%"],
      ["support", "Support", "e.g. 24/7"],
      ["foundedYear", "Year founded"],
    ],
  },
  {
    title: "Reply to enquiries",
    hint: "Everyone who sends an enquiry gets this e-mail at once, with their message quoted under it (not when it lands in Spam). {firstName} is their first name; {name}, {phone} and {email} are the agency's.",
    fields: [
      ["autoReplySubject", "Subject"],
      [
        "autoReplyBody",
        "Message",
        "The first paragraph is the greeting, set large. A blank line starts a new paragraph.",
      ],
    ],
  },
];
/** Fields written over several lines. */
const longFields: FieldName[] = ["autoReplyBody"];

export default function AdminSettings({
  loaderData: { settings, saved, backup, tasks, now },
  actionData,
}: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "site-settings",
    // Numbers as typed text: the form deals in what is in the inputs.
    defaultValue: Object.fromEntries(
      Object.entries(settings).map(([name, value]) => [name, value == null ? "" : String(value)]),
    ),
    lastResult: actionData?.reply,
    constraint: getZodConstraint(SiteSettingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (saved) toast({ title: "Settings saved", description: "Every page shows them now." });
  }, [saved]);
  // The figures as the home page will show them, following what is typed.
  const typed = SiteSettingsSchema.safeParse({ ...settings, ...form.value });
  const preview = siteFacts(typed.success ? typed.data : settings).headlineStats;

  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="settings-heading" className="max-w-4xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="settings-heading" className="text-3xl font-bold">
            Site settings
          </h1>
          <p className="mt-1 text-muted">
            The agency&apos;s facts, in one place: change one here and it changes everywhere.
          </p>
        </div>
        <SubmitButton label="Save settings" />
      </div>
      {form.errors && (
        <div className="mt-6">
          <FormError id={form.errorId}>{form.errors[0]}</FormError>
        </div>
      )}
      {saved && (
        <p
          role="status"
          className="no-js-only mt-6 rounded-xl border border-secondary px-4 py-3 text-secondary"
        >
          Settings saved: every page shows them now.
        </p>
      )}
      <div className="mt-8 grid gap-6">
        {groups.map((group) => (
          <section
            key={group.title}
            aria-labelledby={`group-${group.title}`}
            className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-[14rem_minmax(0,1fr)]"
          >
            <div>
              <h2 id={`group-${group.title}`} className="font-semibold">
                {group.title}
              </h2>
              <p className="mt-1 text-sm text-muted">{group.hint}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {group.fields.map(([name, label, hint]) => {
                const field = fields[name] as (typeof fields)["name"];
                return (
                  <Field
                    key={name}
                    id={field.id}
                    label={label}
                    hint={hint}
                    errors={field.errors}
                    errorId={field.errorId}
                    className={group.title === "Reply to enquiries" ? "sm:col-span-2" : undefined}
                  >
                    {longFields.includes(name) ? (
                      <textarea
                        {...getTextareaProps(field)}
                        key={field.key}
                        rows={9}
                        className={inputClass}
                      />
                    ) : (
                      <input
                        {...getInputProps(field, {
                          type: name === "email" ? "email" : name === "phone" ? "tel" : "text",
                        })}
                        key={field.key}
                        className={inputClass}
                      />
                    )}
                  </Field>
                );
              })}
              {group.title === "Reply to enquiries" && (
                <p className="text-sm sm:col-span-2">
                  <a
                    href="/admin/auto-reply-preview"
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-primary underline"
                  >
                    See the e-mail as it is sent
                  </a>{" "}
                  <span className="text-muted">
                    (the saved wording, with a made-up enquiry; opens in a new tab)
                  </span>
                </p>
              )}
              {group.title === "Headline figures" && (
                <div className="sm:col-span-2">
                  <p className="text-sm font-medium">As the home page shows them</p>
                  <div className="mt-2">
                    <StatGrid stats={preview} />
                  </div>
                </div>
              )}
            </div>
          </section>
        ))}
        <section
          aria-labelledby="group-backup"
          className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-[14rem_minmax(0,1fr)]"
        >
          <div>
            <h2 id="group-backup" className="font-semibold">
              Backup
            </h2>
            <p className="mt-1 text-sm text-muted">
              The database and uploads, copied off this machine as they change. Set by the server&apos;s
              environment, not here.
            </p>
          </div>
          <BackupStatusNotice status={backup} now={now} />
        </section>
        <section
          aria-labelledby="group-tasks"
          className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-[14rem_minmax(0,1fr)]"
        >
          <div>
            <h2 id="group-tasks" className="font-semibold">
              Background work
            </h2>
            <p className="mt-1 text-sm text-muted">
              What the site does on its own, and when each last ran. A failure shows here until the next run
              succeeds.
            </p>
          </div>
          <TaskList tasks={tasks} now={now} />
        </section>
      </div>
      <div className="mt-6 flex justify-end">
        <SubmitButton label="Save settings" />
      </div>
    </Form>
  );
}
