import type { ReactNode } from "react";

/**
 * A section of a public page at the site's width, with the one spacing between sections: closer on a
 * phone, where the page is long enough already.
 */
export function PageSection({
  labelledBy,
  className = "",
  children,
}: {
  /** The id of the section's heading, which names it. */
  labelledBy: string;
  /** Its own layout inside, e.g. a grid. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-16${className ? ` ${className}` : ""}`}
    >
      {children}
    </section>
  );
}
