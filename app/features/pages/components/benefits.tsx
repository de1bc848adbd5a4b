import type { ReactNode } from "react";

import { PageSection } from "~/ui/layout/page-section";

/** A checklist of benefits, beside proof from a client when there is some (their quote). */
export function Benefits({
  heading,
  items,
  children,
}: {
  heading: string;
  items: string[];
  children?: ReactNode;
}) {
  return (
    <PageSection labelledBy="benefits-heading">
      <div
        className={`grid items-center gap-10 rounded-3xl border border-border bg-card p-6 sm:p-12 ${children ? "lg:grid-cols-[3fr_2fr]" : ""}`}
      >
        <div>
          <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight">
            {heading}
          </h2>
          {/* Without a quote beside it the list takes the width in two columns, not one narrow one. */}
          <ul className={`mt-8 grid gap-4 ${children ? "" : "md:grid-cols-2"}`}>
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
        {children}
      </div>
    </PageSection>
  );
}
