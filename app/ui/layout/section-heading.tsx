import type { ReactNode } from "react";

/**
 * A section's heading, the one style of the public pages: set left and large over what follows, as the
 * services list and the case studies' chapters are, not centred over left-set grids.
 */
export function SectionHeading({
  id,
  title,
  className = "",
  size = "section",
  children,
}: {
  id?: string;
  title: string;
  className?: string;
  /** "part": a section that continues the one before it, a size down. */
  size?: "section" | "part";
  children?: ReactNode;
}) {
  return (
    <div className={`max-w-3xl ${className}`}>
      <h2
        id={id}
        className={`font-bold tracking-tight text-balance ${size === "part" ? "text-2xl sm:text-3xl" : "text-3xl sm:text-5xl"}`}
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-muted">{children}</p>}
    </div>
  );
}
