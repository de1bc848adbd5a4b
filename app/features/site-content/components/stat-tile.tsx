import type { Stat, Tone } from "~/platform/pages/types";

export const toneText: Record<Tone, string> = {
  primary: "text-primary",
  secondary: "text-secondary",
  accent: "text-accent",
};

const sizes = {
  sm: { value: "text-2xl", label: "text-xs" },
  md: { value: "text-2xl sm:text-4xl", label: "text-xs sm:text-sm" },
  lg: { value: "text-3xl sm:text-5xl", label: "text-base" },
} as const;

/** A figure over its label, e.g. "250+" / "Clients Served". */
export function StatTile({
  value,
  label,
  tone = "primary",
  size = "md",
}: Stat & { size?: keyof typeof sizes }) {
  return (
    <div className="h-full rounded-2xl border border-border bg-card px-2 py-4 text-center sm:p-5">
      <p className={`font-bold tracking-tight ${sizes[size].value} ${toneText[tone]}`}>{value}</p>
      <p className={`mt-1 text-muted ${sizes[size].label}`}>{label}</p>
    </div>
  );
}

export function StatGrid({ stats, size }: { stats: Stat[]; size?: keyof typeof sizes }) {
  const columns =
    ["mx-auto max-w-xs", "mx-auto max-w-xs", "grid-cols-2", "grid-cols-3"][stats.length] ??
    "grid-cols-2 lg:grid-cols-4";
  return (
    <ul className={`grid gap-3 sm:gap-4 ${columns}`}>
      {stats.map((stat) => (
        <li key={`${stat.value}-${stat.label}`}>
          <StatTile {...stat} size={size} />
        </li>
      ))}
    </ul>
  );
}
