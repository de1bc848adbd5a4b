import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useState } from "react";
import { data, Form, Link, redirect, useBlocker } from "react-router";

import { BackupStatusNotice } from "~/features/backups";
import { backupStatus } from "~/features/backups/index.server";
import {
  AI_CRAWLERS_SECTION,
  AiCrawlersSection,
} from "~/features/site-content/components/ai-crawlers-section";
import { StatGrid } from "~/features/site-content/components/stat-tile";
import { TaskList } from "~/features/site-content/components/task-list";
import { otherLanguages } from "~/features/site-content/settings-translations.server";
import { saveSiteSettings } from "~/features/site-content/site-settings.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { pageMeta } from "~/platform/pages/seo";
import { AI_CRAWLER_NAMES } from "~/platform/site/ai-crawlers";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { siteFacts, type SiteSettings, SiteSettingsSchema } from "~/platform/site/site-settings";
import { taskReport } from "~/platform/tasks.server";
import { toast } from "~/ui/feedback/toast";
import { Field, inputClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { LeaveDialog } from "~/ui/forms/leave-dialog";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Site settings", noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  return {
    settings: getSiteSettings(),
    // The site's other languages, each with its own tagline and auto-reply (admin-settings-words).
    otherLanguages: otherLanguages(),
    saved: new URL(request.url).searchParams.get("saved"),
    backup: backupStatus(),
    tasks: taskReport(),
    now: Date.now(),
  };
}

/**
 * Each section is saved on its own (its fields over the others as saved): a mistake in one never holds
 * back another. The pages showing them are rendered again at the next request.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.contact);
  if (form.get("section") === AI_CRAWLERS_SECTION) {
    // Ticked: allowed. Anything ticked that is not a crawler's name is not one, and is ignored.
    const allowed = new Set(form.getAll("allowed").map(String));
    const aiCrawlersRefused = AI_CRAWLER_NAMES.filter((name) => !allowed.has(name));
    saveSiteSettings({ ...getSiteSettings(), aiCrawlersRefused });
    throw redirect(`/admin/settings?saved=${AI_CRAWLERS_SECTION}`);
  }
  const group = groups.find((g) => g.key === form.get("section"));
  if (!group) return data({ section: null, reply: null }, { status: 400 });
  const submission = parseWithZod(form, { schema: schemaOf(group) });
  if (submission.status !== "success")
    return data({ section: group.key, reply: submission.reply() }, { status: 400 });
  saveSiteSettings({ ...getSiteSettings(), ...submission.value });
  throw redirect(`/admin/settings?saved=${group.key}`);
}

type FieldName = keyof SiteSettings;
type Group = { key: string; title: string; hint: string; fields: [FieldName, string, string?][] };

/** A section's own fields of the settings' schema. */
const schemaOf = (group: Group) =>
  SiteSettingsSchema.pick(
    Object.fromEntries(group.fields.map(([name]) => [name, true])) as Record<FieldName, true>,
  );

const groups: Group[] = [
  {
    key: "agency",
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
    key: "contact",
    title: "Contact",
    hint: "Every page that shows the e-mail or phone number reads it from here.",
    fields: [
      ["email", "E-mail"],
      ["phone", "Phone", "As people should dial it, e.g. +353 1 555 0142."],
    ],
  },
  {
    key: "address",
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
    key: "social",
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
    key: "figures",
    title: "Headline figures",
    hint: "The home page's four figures, shown once on the site. Years in business is counted from the year founded; the about page's story starts that year.",
    fields: [
      ["clientsServed", "Clients served", "e.g. 250+"],
      ["successRate", "Success rate", "e.g. 95%"],
      ["support", "Support", "e.g. 24/7"],
      ["foundedYear", "Year founded"],
      [
        "figuresSource",
        "Where the figures come from",
        "Shown in small print under them. Say how each is counted, so a visitor can trust it.",
      ],
    ],
  },
  {
    key: "reply",
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
/** Written as text, not a line: with the rows each is given. */
const longFields: Partial<Record<FieldName, number>> = { autoReplyBody: 9, figuresSource: 3 };

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, saved, backup, tasks, now, otherLanguages } = loaderData;
  // The sections with changes not yet saved: leaving the page asks first (each section saves alone).
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const markUnsaved = useCallback(
    (key: string, dirty: boolean) =>
      setUnsaved((was) => {
        if (was.has(key) === dirty) return was;
        const next = new Set(was);
        if (dirty) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (unsaved.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved.size]);
  useEffect(() => {
    const group = groups.find((g) => g.key === saved);
    if (group) toast({ title: `${group.title}: saved`, description: "Every page shows it now." });
    if (saved === AI_CRAWLERS_SECTION)
      toast({ title: "AI crawlers: saved", description: "robots.txt says so now." });
  }, [saved]);
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Site settings</h1>
      <p className="mt-1 text-muted">
        The agency&apos;s facts, in one place: change one here and it changes everywhere. Each section is
        saved on its own.
      </p>
      <p className="mt-3 text-sm">
        <Link to="/admin/settings/languages" className="font-semibold text-primary hover:underline">
          Languages →
        </Link>{" "}
        <span className="text-muted">the languages the site is in, and its default one.</span>
      </p>
      {otherLanguages.map(({ lang, name, written }) => (
        <p key={lang} className="mt-1 text-sm">
          <Link to={`/admin/settings/words/${lang}`} className="font-semibold text-primary hover:underline">
            Tagline and auto-reply in {name} →
          </Link>{" "}
          <span className="text-muted">
            {written ? "written" : "not written yet: the default language's are used"}
          </span>
        </p>
      ))}
      <div className="mt-8 grid gap-6">
        {groups.map((group) => (
          <SettingsSection
            // Its saved values in the key: once a save changes them, the section starts again from
            // them, so what was just saved is no longer "Unsaved changes" (nor asked about on leaving).
            key={`${group.key}:${JSON.stringify(group.fields.map(([name]) => settings[name]))}`}
            group={group}
            settings={settings}
            saved={saved === group.key}
            lastResult={actionData?.section === group.key ? actionData.reply : undefined}
            onDirty={markUnsaved}
          />
        ))}
        <AiCrawlersSection
          key={(settings.aiCrawlersRefused ?? []).join()}
          refused={settings.aiCrawlersRefused ?? []}
          saved={saved === AI_CRAWLERS_SECTION}
        />
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
      <LeaveDialog blocker={blocker}>
        {[...unsaved].map((key) => groups.find((g) => g.key === key)?.title).join(", ")}: changes not saved
        yet. Each section has its own Save.
      </LeaveDialog>
    </div>
  );
}

/** One section of the settings: its own form, its own Save. */
function SettingsSection({
  group,
  settings,
  saved,
  lastResult,
  onDirty,
}: {
  group: Group;
  settings: SiteSettings;
  saved: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  onDirty: (key: string, dirty: boolean) => void;
}) {
  const schema = schemaOf(group);
  const [form, fields] = useForm({
    id: `settings-${group.key}`,
    // Numbers as typed text: the form deals in what is in the inputs.
    // The hidden "section" too: it is part of what the form holds, so it is not a change.
    defaultValue: Object.fromEntries<string>([
      ["section", group.key],
      ...group.fields.map(([name]): [string, string] => [
        name,
        settings[name] == null ? "" : String(settings[name]),
      ]),
    ]),
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => onDirty(group.key, form.dirty), [onDirty, group.key, form.dirty]);
  // The figures as the home page will show them, following what is typed.
  const typed = SiteSettingsSchema.safeParse({ ...settings, ...form.value });
  const preview = siteFacts(typed.success ? typed.data : settings).headlineStats;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={`group-${group.key}`}
      className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-[14rem_minmax(0,1fr)]"
    >
      <input type="hidden" name="section" value={group.key} />
      <div>
        <h2 id={`group-${group.key}`} className="font-semibold">
          {group.title}
        </h2>
        <p className="mt-1 text-sm text-muted">{group.hint}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {form.errors && (
          <div className="sm:col-span-2">
            <FormError id={form.errorId}>{form.errors[0]}</FormError>
          </div>
        )}
        {group.fields.map(([name, label, hint]) => {
          const field = fields[name] as FieldMetadata<string>;
          return (
            <Field
              key={name}
              id={field.id}
              label={label}
              hint={hint}
              errors={field.errors}
              errorId={field.errorId}
              className={group.key === "reply" || longFields[name] ? "sm:col-span-2" : undefined}
            >
              {longFields[name] ? (
                <textarea
                  {...getTextareaProps(field)}
                  key={field.key}
                  rows={longFields[name]}
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
        {group.key === "reply" && (
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
        {group.key === "figures" && (
          <div className="sm:col-span-2">
            <p className="text-sm font-medium">As the home page shows them</p>
            <div className="mt-2">
              <StatGrid stats={preview} />
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
          {saved && (
            <p role="status" className="no-js-only text-sm text-secondary">
              Saved: every page shows it now.
            </p>
          )}
          {form.dirty && <p className="text-sm font-medium text-destructive">Unsaved changes</p>}
          <SubmitButton
            label={`Save ${group.title.charAt(0).toLowerCase()}${group.title.slice(1)}`}
            compact
          />
        </div>
      </div>
    </Form>
  );
}
