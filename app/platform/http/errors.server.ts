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

/** Something this member of staff's role may not do (403); the message says who may. */
export class ForbiddenError extends Error {
  override name = "ForbiddenError";
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

/** Too many of something in too short a time (429); the message says when to try again. */
export class TooManyError extends Error {
  override name = "TooManyError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * An upload the client can fix or retry: the status and message go straight into the answer (503 when
 * the server is busy with other images, with the seconds to wait in Retry-After).
 */
export class UploadError extends Error {
  override name = "UploadError";
  readonly retryAfterSeconds?: number;
  constructor(
    readonly status: 400 | 413 | 415 | 503,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
