import { Link } from "react-router";

import type { AnalyticsReport } from "~/features/analytics/analytics-report.server";
import {
  CORE_VITALS,
  DEVICE_CLASSES,
  type DeviceClass,
  THRESHOLDS,
  type Verdict,
  VERDICT_LABELS,
  VITAL_NAMES,
  vitalText,
} from "~/features/analytics/vitals/vitals";

type Vitals = AnalyticsReport["vitals"];
type Figure = Vitals["LCP"];
type CoreVital = (typeof CORE_VITALS)[number];

const number = new Intl.NumberFormat("en-IE");
const DEVICE_LABELS: Record<DeviceClass, string> = { phone: "On phones", desktop: "On computers" };
const DEVICE_SHORT: Record<DeviceClass, string> = { phone: "Phone", desktop: "Computer" };

const verdictClass: Record<Verdict, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  "needs-improvement": "text-amber-700 dark:text-amber-300",
  poor: "text-destructive",
};

/** Google's shapes: a circle for good, a square for needs improvement, a triangle for poor. */
function VerdictMark({ verdict }: { verdict: Verdict }) {
  const shape =
    verdict === "good"
      ? "rounded-full"
      : verdict === "poor"
        ? "[clip-path:polygon(50%_0,100%_100%,0_100%)]"
        : "";
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 bg-current ${shape}`} />;
}

const thresholdsText = (vital: CoreVital) =>
  `Good up to ${vitalText(vital, THRESHOLDS[vital].good)}, poor over ${vitalText(vital, THRESHOLDS[vital].poor)}`;

/** A vital's p75 over the trend, as a small line with the "good" threshold dashed. */
function Sparkline({ values, vital }: { values: (number | null)[]; vital: CoreVital }) {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return null;
  const top = Math.max(THRESHOLDS[vital].poor, ...known) * 1.1;
  const W = 120;
  const H = 28;
  const x = (i: number) => (values.length === 1 ? W / 2 : (i / (values.length - 1)) * W);
  const y = (value: number) => H - (value / top) * H;
  const points = values.flatMap((value, i) =>
    value === null ? [] : [`${x(i).toFixed(1)},${y(value).toFixed(1)}`],
  );
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="mt-2 h-7 w-full text-primary" aria-hidden="true">
      <line
        x1="0"
        x2={W}
        y1={y(THRESHOLDS[vital].good)}
        y2={y(THRESHOLDS[vital].good)}
        className="stroke-border"
        strokeDasharray="3 3"
      />
      <polyline points={points.join(" ")} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function VitalTile({
  vital,
  figure,
  trend,
  enough,
}: {
  vital: CoreVital;
  figure: Figure;
  trend: (number | null)[];
  enough: number;
}) {
  const known = trend.filter((value): value is number => value !== null);
  return (
    <div className="min-w-0 rounded-xl border border-border bg-bg p-3">
      <dt className="text-xs font-medium text-muted">
        {VITAL_NAMES[vital].short}{" "}
        <abbr title={VITAL_NAMES[vital].long} className="no-underline">
          ({vital})
        </abbr>
      </dt>
      {figure.verdict && figure.p75 !== null ? (
        <>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{vitalText(vital, figure.p75)}</dd>
          <dd className={`flex items-center gap-1.5 text-sm font-semibold ${verdictClass[figure.verdict]}`}>
            <VerdictMark verdict={figure.verdict} /> {VERDICT_LABELS[figure.verdict]}
          </dd>
        </>
      ) : (
        <dd className="mt-1 text-sm font-semibold text-muted">Not enough data</dd>
      )}
      <dd className="mt-1 text-xs text-muted">
        {figure.verdict
          ? `${number.format(figure.n)} measurements`
          : `${number.format(figure.n)} of the ${enough} measurements needed`}
      </dd>
      {known.length >= 2 && (
        <dd className="text-xs text-muted">
          <Sparkline values={trend} vital={vital} />
          <span className="sr-only">
            Over the period: from {vitalText(vital, known[0]!)} to {vitalText(vital, known.at(-1)!)}.
          </span>
        </dd>
      )}
      <dd className="mt-1 text-xs text-muted">{thresholdsText(vital)}</dd>
    </div>
  );
}

function Cell({ vital, figure }: { vital: CoreVital; figure: Figure }) {
  if (!figure.verdict || figure.p75 === null)
    return (
      <td
        className="px-1 py-1.5 text-right text-xs text-muted"
        title={`${figure.n} measurements: not enough`}
      >
        –
      </td>
    );
  return (
    <td className={`px-1 py-1.5 text-right font-semibold tabular-nums ${verdictClass[figure.verdict]}`}>
      <span className="inline-flex items-center justify-end gap-1">
        <VerdictMark verdict={figure.verdict} />
        {vitalText(vital, figure.p75)}
        <span className="sr-only">, {VERDICT_LABELS[figure.verdict].toLowerCase()}</span>
      </span>
    </td>
  );
}

function PageRow({ page }: { page: Vitals["pages"][number] }) {
  // One line per vital and cause, naming the devices it was found on.
  const causes = CORE_VITALS.flatMap((vital) => {
    const found = new Map<string, { devices: DeviceClass[]; worst: Verdict }>();
    for (const device of DEVICE_CLASSES) {
      const { cause, verdict } = page[device][vital];
      if (!cause || !verdict || verdict === "good") continue;
      const seen = found.get(cause);
      if (!seen) found.set(cause, { devices: [device], worst: verdict });
      else {
        seen.devices.push(device);
        if (verdict === "poor") seen.worst = verdict;
      }
    }
    return [...found].map(([cause, { devices, worst }]) => ({ vital, cause, devices, worst }));
  });
  const enquiries = `/admin/enquiries?page=${encodeURIComponent(page.path)}`;
  return (
    <li className="min-w-0 rounded-xl border border-border bg-bg p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <a href={page.path} className="min-w-0 truncate font-medium hover:underline" title={page.path}>
          {page.path}
        </a>
        <span className="text-xs text-muted tabular-nums">
          {number.format(page.views)} views ·{" "}
          <Link to={enquiries} className="underline-offset-2 hover:underline">
            {number.format(page.enquiries)} {page.enquiries === 1 ? "enquiry" : "enquiries"}
          </Link>
        </span>
      </div>
      <table className="mt-1 w-full text-sm">
        <caption className="sr-only">Speed of {page.path}</caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="px-1 py-1 text-left font-medium">
              Device
            </th>
            {CORE_VITALS.map((vital) => (
              <th key={vital} scope="col" className="px-1 py-1 text-right font-medium">
                <abbr title={VITAL_NAMES[vital].long} className="no-underline">
                  {vital}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DEVICE_CLASSES.map((device) => (
            <tr key={device}>
              <th scope="row" className="px-1 py-1.5 text-left text-xs font-medium text-muted">
                {DEVICE_SHORT[device]}{" "}
                <span className="font-normal" title="Pages measured">
                  · {number.format(page[device].LCP.n)}
                </span>
              </th>
              {CORE_VITALS.map((vital) => (
                <Cell key={vital} vital={vital} figure={page[device][vital]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {causes.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-xs">
          {causes.map(({ vital, cause, devices, worst }) => (
            <li key={`${vital} ${cause}`} className="min-w-0 break-words">
              <span className={`font-semibold ${verdictClass[worst]}`}>
                {VITAL_NAMES[vital].short} on{" "}
                {devices.map((device) => `${DEVICE_SHORT[device].toLowerCase()}s`).join(" and ")}:
              </span>{" "}
              <span className="text-muted">mostly {cause}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * "Speed for real visitors": the site's Core Web Vitals as its visitors' browsers measured them, phone
 * and computer apart, with Google's verdicts, then each page beside its traffic and enquiries.
 */
export function VitalsPanel({ vitals }: { vitals: Vitals }) {
  const measured = DEVICE_CLASSES.some((device) => vitals[device].LCP.n + vitals[device].CLS.n > 0);
  return (
    <section
      aria-labelledby="vitals-title"
      className="mt-4 rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <h2 id="vitals-title" className="font-semibold">
        Speed for real visitors
      </h2>
      <p className="mt-0.5 max-w-3xl text-xs text-muted">
        Core Web Vitals as visitors&apos; own browsers measured them, without a cookie. Each figure is the
        75th percentile, as Google ranks pages: three visits in four were at least this fast.
      </p>
      {!measured ? (
        <p className="py-4 text-sm text-muted">
          No measurements in this period. They arrive as visitors leave the pages they read.
        </p>
      ) : (
        <>
          <div className="mt-3 grid gap-4">
            {DEVICE_CLASSES.map((device) => (
              <section key={device} aria-label={DEVICE_LABELS[device]}>
                <h3 className="text-sm font-semibold">{DEVICE_LABELS[device]}</h3>
                <dl className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-3">
                  {CORE_VITALS.map((vital) => (
                    <VitalTile
                      key={vital}
                      vital={vital}
                      figure={vitals[device][vital]}
                      enough={vitals.enough}
                      trend={vitals.trend.map((point) => point[device][vital].p75)}
                    />
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <section aria-label="Speed per page" className="mt-4">
            <h3 className="text-sm font-semibold">Per page</h3>
            <p className="text-xs text-muted">
              The most measured pages. A dash: fewer than {vitals.enough} measurements.
            </p>
            <ul className="mt-2 grid gap-3 lg:grid-cols-2">
              {vitals.pages.map((page) => (
                <PageRow key={page.path} page={page} />
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
