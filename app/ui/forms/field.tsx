import type { ReactNode } from "react";

export const inputClass =
  "mt-1 w-full rounded-xl border border-border bg-bg px-4 py-2.5 aria-invalid:border-destructive";

/**
 * A form field: its label, the control (given as children, wired by conform with aria-invalid and
 * aria-describedby), an optional hint and the first error, announced with the control. For the checks
 * in the browser (page-forms) the control carries `checks(errorId, messages)`.
 */
export function Field({
  id,
  label,
  errors,
  errorId,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  errorId: string;
  hint?: string;
  children: ReactNode;
  /** For the grid it sits in, e.g. spanning its columns. */
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {/* Always there, hidden when empty, so the page script can show a problem it finds on blur. */}
      <p id={errorId} hidden={!errors?.length} className="mt-1 text-sm text-destructive">
        {errors?.[0]}
      </p>
    </div>
  );
}

/** The messages page-forms shows beside a field when the browser finds a problem (the schema's words). */
export type CheckMessages = { valueMissing?: string; tooShort?: string; typeMismatch?: string };

export function checks(errorId: string, messages: CheckMessages, minLength?: number) {
  return {
    minLength,
    "data-error-id": errorId,
    "data-value-missing": messages.valueMissing,
    "data-too-short": messages.tooShort,
    "data-type-mismatch": messages.typeMismatch,
  };
}
