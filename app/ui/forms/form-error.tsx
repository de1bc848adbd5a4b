import type { ReactNode } from "react";

/** The red box above a form with what went wrong as a whole (announced at once). */
export function FormError({
  id,
  className = "",
  children,
}: {
  id?: string;
  /** Spacing around the box, where the form needs it. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="alert"
      id={id}
      className={`rounded-xl border border-destructive px-4 py-3 text-sm text-destructive ${className}`}
    >
      {children}
    </p>
  );
}
