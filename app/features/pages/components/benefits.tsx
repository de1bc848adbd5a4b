import { toneText } from "~/features/site-content";
import type { Stat } from "~/platform/pages/types";

/** A checklist of benefits beside a column of stat badges. */
export function Benefits({ heading, items, badges }: { heading: string; items: string[]; badges: Stat[] }) {
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-10 rounded-3xl border border-border bg-card p-8 sm:p-12 lg:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight">
            {heading}
          </h2>
          <ul className="mt-8 grid gap-4">
            {items.map((item) => (
              <li key={item} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-primary-fg"
                >
                  ✓
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {badges.map((badge) => (
            <li key={badge.label} className="rounded-2xl border border-border bg-bg px-5 py-4">
              <span className={`block text-3xl font-bold ${toneText[badge.tone ?? "primary"]}`}>
                {badge.value}
              </span>
              <span className="text-sm text-muted">{badge.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
