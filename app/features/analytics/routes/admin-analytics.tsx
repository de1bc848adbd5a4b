import type { ReactNode } from "react";
import { data, Link } from "react-router";

import { PRESETS } from "~/features/analytics/analytics-presets";
import {
  type AnalyticsReport,
  analyticsReport,
  languageFilterOf,
  periodOf,
} from "~/features/analytics/analytics-report.server";
import { DeviceShares } from "~/features/analytics/components/device-shares";
import { TrafficChart } from "~/features/analytics/components/traffic-chart";
import { VitalsPanel } from "~/features/analytics/components/vitals-panel";
import { LANGUAGES } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageMeta } from "~/platform/pages/seo";
import { dayInDublin } from "~/platform/text/dates";
import { daysBetween } from "~/platform/text/dublin-time";

import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Analytics", noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const site = siteLanguages();
  const languages = site.languages.map((code) => ({ code, name: LANGUAGES[code].name }));
  const asked = periodOf(params);
  const language = languageFilterOf(params);
  if ("issues" in asked || "issues" in language) {
    const fallback = periodOf(new URLSearchParams());
    if ("issues" in fallback) throw new Error("The default period is always valid");
    const error = ("issues" in asked ? asked : (language as { issues: { message: string }[] })).issues[0]!
      .message;
    return data(
      { report: analyticsReport(fallback.period), preset: fallback.preset, languages, error },
      { status: 400 },
    );
  }
  return {
    report: analyticsReport(asked.period, language.lang),
    preset: asked.preset,
    languages,
    error: null,
  };
}

/** The query of a report's period ("period=30d", or its dates), to keep while another choice changes. */
const periodQuery = (report: AnalyticsReport, preset: string | null) =>
  preset ? `period=${preset}` : `from=${report.period.from}&to=${report.period.to}`;
const languageQuery = (lang: string | null) => (lang ? `&lang=${lang}` : "");

const number = new Intl.NumberFormat("en-IE");
const percent = new Intl.NumberFormat("en-IE", { style: "percent", maximumFractionDigits: 1 });
const finePercent = new Intl.NumberFormat("en-IE", { style: "percent", maximumSignificantDigits: 2 });
/** A conversion rate: "2.4%", and "0.018%" rather than "0%" for a small one that is not nothing. */
const rateText = (rate: number) => (rate > 0 && rate < 0.01 ? finePercent : percent).format(rate);
const dayText = (day: string) => dayInDublin(new Date(`${day}T12:00:00Z`));
const presetLabel = { "7d": "7 days", "30d": "30 days", "90d": "90 days", "365d": "12 months" } as const;

/** "+12% on the previous 30 days", in words a screen reader says well. */
function Change({ now, before, days }: { now: number; before: number; days: number }) {
  if (before === 0 && now === 0) return <span className="text-muted">No change</span>;
  if (before === 0) return <span className="text-secondary">New this period</span>;
  const change = (now - before) / before;
  const up = change > 0;
  return (
    <span className={change === 0 ? "text-muted" : up ? "text-secondary" : "text-destructive"}>
      <span aria-hidden="true">{change === 0 ? "→" : up ? "↑" : "↓"} </span>
      {change === 0 ? "Same" : `${up ? "Up" : "Down"} ${percent.format(Math.abs(change))}`} on the previous{" "}
      {days} days ({number.format(before)})
    </span>
  );
}

function Tile({
  label,
  value,
  change,
  note,
}: {
  label: string;
  value: string;
  change: ReactNode;
  note?: string;
}) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs">{change}</dd>
      {note && <dd className="mt-1 text-xs text-muted">{note}</dd>}
    </div>
  );
}

function Panel({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  return (
    <section className="min-w-0 rounded-2xl border border-border bg-card p-4 sm:p-5" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {note && <p className="mt-0.5 text-xs text-muted">{note}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

type Column<T> = { label: string; value: (row: T) => ReactNode; numeric?: boolean };

/**
 * A table that fits its panel at any width: the first column takes the room left and cuts a long page
 * address short (whole in its tooltip), the figures keep their size. Nothing scrolls sideways.
 */
function Table<T>({ rows, columns, empty }: { rows: T[]; columns: Column<T>[]; empty: string }) {
  if (rows.length === 0) return <p className="py-4 text-sm text-muted">{empty}</p>;
  const cell = (column: Column<T>, first: boolean) =>
    first ? "w-full max-w-0 truncate" : `whitespace-nowrap ${column.numeric ? "text-right" : ""}`;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          {columns.map((column, j) => (
            <th key={column.label} scope="col" className={`px-1 py-1.5 font-medium ${cell(column, j === 0)}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className="border-b border-border/60 last:border-0">
            {columns.map((column, j) => {
              const value = column.value(row);
              return (
                <td
                  key={column.label}
                  title={j === 0 && typeof value === "string" ? value : undefined}
                  className={`px-1 py-1.5 tabular-nums ${cell(column, j === 0)} ${j === 0 ? "font-medium" : ""}`}
                >
                  {value}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Conversion = AnalyticsReport["sources"][number];
const conversionColumns = (label: string): Column<Conversion>[] => [
  { label, value: (row) => row.value },
  { label: "Visits", value: (row) => number.format(row.visits), numeric: true },
  { label: "Enquiries", value: (row) => number.format(row.enquiries), numeric: true },
  {
    label: "Conversion",
    value: (row) => (row.visits ? rateText(row.conversionRate) : "–"),
    numeric: true,
  },
];

/** The panels of visits → enquiries → conversion, one per way of telling visits apart. */
const CONVERSION_PANELS: {
  title: string;
  note: string;
  rows: "sources" | "referrers" | "campaigns" | "landingPages";
  column: string;
  empty: string;
}[] = [
  {
    title: "Sources",
    note: "Where visits came from: UTM source, else the site that linked, else Direct. Conversion: enquiries from visits ÷ visits.",
    rows: "sources",
    column: "Source",
    empty: "No visits in this period.",
  },
  {
    title: "Referrers",
    note: "The pages that linked here (a search engine sends only its address).",
    rows: "referrers",
    column: "Page",
    empty: "No visit came from a link on another site in this period.",
  },
  {
    title: "Campaigns",
    note: "Visits tagged with utm_campaign.",
    rows: "campaigns",
    column: "Campaign",
    empty: "No campaign visits in this period.",
  },
  {
    title: "Landing pages",
    note: "The first page of each visit.",
    rows: "landingPages",
    column: "Page",
    empty: "No visits in this period.",
  },
];

function PeriodPicker({ report, preset }: { report: AnalyticsReport; preset: string | null }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <nav aria-label="Period" className="flex flex-wrap gap-1 rounded-full border border-border bg-card p-1">
        {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((key) => (
          <Link
            key={key}
            to={`?period=${key}${languageQuery(report.language)}`}
            aria-current={preset === key ? "page" : undefined}
            className={`inline-flex min-h-10 items-center rounded-full px-3.5 text-sm font-semibold ${
              preset === key ? "bg-primary text-primary-fg" : "text-muted hover:text-fg"
            }`}
          >
            {presetLabel[key]}
          </Link>
        ))}
      </nav>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-0.5 text-xs font-medium text-muted">
          From
          <input
            type="date"
            name="from"
            defaultValue={report.period.from}
            required
            className="min-h-10 rounded-full border border-border bg-bg px-3 text-sm text-fg"
          />
        </label>
        <label className="grid gap-0.5 text-xs font-medium text-muted">
          To
          <input
            type="date"
            name="to"
            defaultValue={report.period.to}
            required
            className="min-h-10 rounded-full border border-border bg-bg px-3 text-sm text-fg"
          />
        </label>
        {report.language && <input type="hidden" name="lang" value={report.language} />}
        <button
          type="submit"
          className="min-h-10 rounded-full border border-border px-4 text-sm font-semibold hover:border-primary"
        >
          Show
        </button>
      </form>
    </div>
  );
}

type SiteLanguage = { code: string; name: string };

/** All languages, or the visits of one: links, so the filter works without JavaScript. */
function LanguagePicker({
  report,
  preset,
  languages,
}: {
  report: AnalyticsReport;
  preset: string | null;
  languages: SiteLanguage[];
}) {
  const choices = [{ code: null, name: "All languages" }, ...languages];
  return (
    <nav
      aria-label="Language"
      className="mt-4 flex w-fit flex-wrap gap-1 rounded-full border border-border bg-card p-1"
    >
      {choices.map(({ code, name }) => {
        const current = report.language === code;
        return (
          <Link
            key={code ?? "all"}
            to={`?${periodQuery(report, preset)}${languageQuery(code)}`}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-10 items-center rounded-full px-3.5 text-sm font-semibold ${
              current ? "bg-primary text-primary-fg" : "text-muted hover:text-fg"
            }`}
          >
            {name}
          </Link>
        );
      })}
    </nav>
  );
}

export default function Analytics({
  loaderData: { report, preset, languages, error },
}: Route.ComponentProps) {
  const days = daysBetween(report.period.from, report.period.to);
  const { summary: now, previous: before } = report;
  const nameOf = (code: string) => languages.find((each) => each.code === code)?.name ?? code;
  const several = languages.length > 1;
  return (
    <div className="max-w-6xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Analytics</h1>
          <p className="mt-1 text-muted">
            {dayText(report.period.from)} – {dayText(report.period.to)}, beside the {days} days before. No
            cookies: visitors are counted per day.
          </p>
        </div>
        <PeriodPicker report={report} preset={preset} />
      </div>
      {several && <LanguagePicker report={report} preset={preset} languages={languages} />}
      {report.language && (
        <p className="mt-2 text-sm text-muted">
          {`Visits in ${nameOf(report.language)}: those that landed on a page in it, and their enquiries. Page speed below is the whole site's.`}
        </p>
      )}
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive"
        >
          {error}. Showing the last 30 days.
        </p>
      )}

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Visitors"
          value={number.format(now.visitors)}
          change={<Change now={now.visitors} before={before.visitors} days={days} />}
        />
        <Tile
          label="Page views"
          value={number.format(now.views)}
          change={<Change now={now.views} before={before.views} days={days} />}
        />
        <Tile
          label="Enquiries"
          value={number.format(now.enquiries)}
          change={<Change now={now.enquiries} before={before.enquiries} days={days} />}
        />
        <Tile
          label="Conversion rate"
          value={rateText(now.conversionRate)}
          note="Enquiries from visits ÷ visits: a visit that sent an enquiry counts once; one sent without a counted visit (JavaScript off, the API) is left out, so it is never over 100%."
          change={<Change now={now.conversionRate} before={before.conversionRate} days={days} />}
        />
      </dl>

      <section
        aria-label="Visitors per day"
        className="mt-4 rounded-2xl border border-border bg-card p-4 sm:p-5"
      >
        <TrafficChart series={report.series} />
      </section>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {CONVERSION_PANELS.map(({ title, note, rows, column, empty }) => (
          <Panel key={title} title={title} note={note}>
            <Table rows={report[rows]} columns={conversionColumns(column)} empty={empty} />
          </Panel>
        ))}
        <Panel title="Posts" note="Views, and enquiries from visits that read the post.">
          <Table
            rows={report.posts}
            empty="No post was read in this period."
            columns={[
              {
                label: "Post",
                value: (row) => (
                  <a href={row.path} className="hover:underline">
                    {row.title ?? row.path}
                  </a>
                ),
              },
              { label: "Views", value: (row) => number.format(row.views), numeric: true },
              { label: "Enquiries", value: (row) => number.format(row.enquiries), numeric: true },
            ]}
          />
        </Panel>
        <Panel title="Top pages">
          <Table
            rows={report.pages}
            empty="No page views in this period."
            columns={[
              { label: "Page", value: (row) => row.path },
              { label: "Views", value: (row) => number.format(row.views), numeric: true },
              { label: "Visitors", value: (row) => number.format(row.visitors), numeric: true },
            ]}
          />
        </Panel>
        {several && (
          <Panel
            title="Languages"
            note="The language of a visit is its landing page's (/ga/… is Irish). Conversion: enquiries from visits ÷ visits."
          >
            <Table
              rows={report.languages}
              empty="No visits in this period."
              columns={[
                { label: "Language", value: (row) => nameOf(row.value) },
                ...conversionColumns("Language").slice(1),
              ]}
            />
          </Panel>
        )}
        <Panel title="Devices">
          <DeviceShares devices={report.devices} />
        </Panel>
      </div>

      <VitalsPanel vitals={report.vitals} />

      <details className="mt-4 rounded-2xl border border-border bg-card p-4 text-sm">
        <summary className="cursor-pointer font-semibold">The figures per day</summary>
        <Table
          rows={[...report.series].reverse()}
          empty=""
          columns={[
            { label: "Day", value: (row) => dayText(row.day) },
            { label: "Visitors", value: (row) => number.format(row.visitors), numeric: true },
            { label: "Page views", value: (row) => number.format(row.views), numeric: true },
            { label: "Enquiries", value: (row) => number.format(row.enquiries), numeric: true },
          ]}
        />
      </details>
    </div>
  );
}
