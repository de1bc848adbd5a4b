import type { ReactNode } from "react";

/**
 * A section's heading, the one style of the public pages: set left and large over what follows, as the
 * services list and the case studies' chapters are, not centred over left-set grids.
 */
export function SectionHeading({
  id,
  title,
  className = "",
  children,
}: {
  id?: string;
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`max-w-3xl ${className}`}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-muted">{children}</p>}
    </div>
  );
}
