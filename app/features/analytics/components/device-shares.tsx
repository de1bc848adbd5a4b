const number = new Intl.NumberFormat("en-IE");
const percent = new Intl.NumberFormat("en-IE", { style: "percent", maximumFractionDigits: 1 });

/** Visits by kind of device: each kind's share as a bar, with "1 visit" / "12 visits" beside it. */
export function DeviceShares({ devices }: { devices: { device: string; visits: number; share: number }[] }) {
  if (devices.length === 0) return <p className="py-4 text-sm text-muted">No visits in this period.</p>;
  return (
    <ul className="grid gap-3">
      {devices.map((row) => (
        <li key={row.device} className="text-sm">
          <div className="flex justify-between">
            <span className="font-medium capitalize">{row.device}</span>
            <span className="text-muted tabular-nums">
              {percent.format(row.share)} · {number.format(row.visits)}{" "}
              {row.visits === 1 ? "visit" : "visits"}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-border">
            <div className="h-2 rounded-full bg-primary" style={{ width: `${row.share * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
