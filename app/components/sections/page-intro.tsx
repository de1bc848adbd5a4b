import type { ReactNode } from "react";

/** The heading block at the top of a page. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-16 pb-10 text-center sm:px-6">
      {eyebrow && <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>}
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      {children && <div className="mt-6 text-lg text-muted">{children}</div>}
    </div>
  );
}
