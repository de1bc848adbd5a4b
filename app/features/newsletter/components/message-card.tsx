import type { ReactNode } from "react";

/** The one-card page a newsletter link opens on: what happened, and what the reader can do next. */
export function MessageCard({
  eyebrow,
  heading,
  children,
}: {
  eyebrow: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6 sm:py-28">
      <div className="rounded-3xl border border-border bg-card p-8 text-center sm:p-12">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{heading}</h1>
        <div className="mx-auto mt-5 max-w-md space-y-5 text-pretty text-muted">{children}</div>
      </div>
    </section>
  );
}
