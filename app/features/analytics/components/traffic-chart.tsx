import type { AnalyticsReport } from "~/features/analytics/analytics-report.server";

const H = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 36 };

const dayLabel = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "short", timeZone: "UTC" });
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T12:00:00Z`));

/** A round top for the axis: 1, 2, 5, 10, 20, 50... */
function niceMax(value: number): number {
  if (value <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/**
 * Visitors per day as bars, days with enquiries marked with a dot and their number: drawn on the server
 * as SVG, so it reads without JavaScript; the figures behind it are in the table below it.
 */
export function TrafficChart({ series }: { series: AnalyticsReport["series"] }) {
  // Drawn twice, for a phone and for a wider screen, so the labels keep a readable size on both.
  return (
    <figure className="m-0">
      <Chart series={series} width={360} className="sm:hidden" />
      <Chart series={series} width={720} className="hidden sm:block" />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-primary/70" /> Visitors
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-accent" /> Days with
          enquiries
        </span>
      </figcaption>
    </figure>
  );
}

function Chart({
  series,
  width: W,
  className,
}: {
  series: AnalyticsReport["series"];
  width: number;
  className: string;
}) {
  const max = niceMax(Math.max(1, ...series.map((d) => d.visitors)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / series.length;
  const barW = Math.max(1, step * 0.7);
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const ticks = [0, max / 2, max];
  const labelled = new Set([0, Math.floor((series.length - 1) / 2), series.length - 1]);
  const visitors = series.reduce((sum, d) => sum + d.visitors, 0);
  const enquiries = series.reduce((sum, d) => sum + d.enquiries, 0);
  const busiest = series.reduce((best, d) => (d.visitors > best.visitors ? d : best), series[0]!);
  const titleId = `traffic-chart-title-${W}`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={`h-auto w-full ${className}`}
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>
        {`Visitors per day from ${labelOf(series[0]!.day)} to ${labelOf(series.at(-1)!.day)}: ${visitors} in all, most on ${labelOf(busiest.day)} (${busiest.visitors}); ${enquiries} enquiries.`}
      </title>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-border"
            strokeDasharray={tick === 0 ? undefined : "3 4"}
          />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-muted text-[11px]">
            {tick}
          </text>
        </g>
      ))}
      {series.map((d, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        return (
          <g key={d.day}>
            {d.visitors > 0 && (
              <rect
                x={x}
                y={y(d.visitors)}
                width={barW}
                height={y(0) - y(d.visitors)}
                rx={Math.min(3, barW / 2)}
                className="fill-primary/70"
              />
            )}
            {d.enquiries > 0 && (
              <g>
                <circle
                  cx={x + barW / 2}
                  cy={y(d.visitors) - 8}
                  r={series.length > 120 ? 2.5 : 4}
                  className="fill-accent"
                />
                {series.length <= 45 && (
                  <text
                    x={x + barW / 2}
                    y={y(d.visitors) - 15}
                    textAnchor="middle"
                    className="fill-fg text-[10px] font-semibold"
                  >
                    {d.enquiries}
                  </text>
                )}
              </g>
            )}
            {labelled.has(i) && (
              <text
                x={Math.min(Math.max(x + barW / 2, PAD.left + 24), W - PAD.right - 24)}
                y={H - 8}
                textAnchor="middle"
                className="fill-muted text-[11px]"
              >
                {labelOf(d.day)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
