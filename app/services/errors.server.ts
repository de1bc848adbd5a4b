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

/** A sign-in the visitor can fix (wrong password, throttled); the message is safe to show. */
export class LoginError extends Error {
  override name = "LoginError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 429 | 503,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** An upload the client can fix: the status and message go straight into the answer. */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}
