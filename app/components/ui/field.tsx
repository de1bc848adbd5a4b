import type { ReactNode } from "react";

export const inputClass =
  "mt-1 w-full rounded-xl border border-border bg-bg px-4 py-2.5 aria-invalid:border-destructive";

/**
 * A form field: its label, the control (given as children, wired by conform with aria-invalid and
 * aria-describedby), an optional hint and the first error, announced with the control.
 */
export function Field({
  id,
  label,
  errors,
  errorId,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  errorId: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {errors && (
        <p id={errorId} className="mt-1 text-sm text-destructive">
          {errors[0]}
        </p>
      )}
    </div>
  );
}
