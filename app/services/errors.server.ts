/** A write that clashes with an existing row, e.g. a slug or username already taken. */
export class ConflictError extends Error {
  override name = "ConflictError";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/** True when SQLite refused a write because a UNIQUE constraint already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    "code" in error &&
    (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE"
  );
}

/** Input that passed the schema but cannot be used, tied to the form field to show it beside. */
export class FieldError extends Error {
  override name = "FieldError";
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
