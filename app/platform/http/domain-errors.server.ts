import { data } from "react-router";

import {
  ConflictError,
  FieldError,
  ForbiddenError,
  LoginError,
  NotFoundError,
  TooManyError,
  UploadError,
} from "~/platform/http/errors.server";

import { jsonError } from "./api.server";

const withRetryAfter = (headers: Record<string, string>, seconds?: number): Record<string, string> =>
  seconds ? { ...headers, "Retry-After": String(seconds) } : headers;

/**
 * A domain error as the JSON error of an /api route (`headers` are added to it). Anything that is not a
 * domain error (a bug, a thrown Response) is rethrown.
 */
export function domainErrorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  if (error instanceof FieldError)
    return jsonError(400, error.message, [{ path: error.field, message: error.message }], headers);
  if (error instanceof ConflictError) return jsonError(409, error.message, undefined, headers);
  if (error instanceof ForbiddenError) return jsonError(403, error.message, undefined, headers);
  if (error instanceof NotFoundError) return jsonError(404, error.message, undefined, headers);
  if (error instanceof UploadError)
    return jsonError(
      error.status,
      error.message,
      undefined,
      withRetryAfter(headers, error.retryAfterSeconds),
    );
  if (error instanceof TooManyError)
    return jsonError(429, error.message, undefined, withRetryAfter(headers, error.retryAfterSeconds));
  if (error instanceof LoginError)
    return jsonError(
      error.status,
      error.message,
      undefined,
      withRetryAfter(headers, error.retryAfterSeconds),
    );
  throw error;
}

/** What a page action answers for a domain error, in conform's terms (`submission.reply(...)`). */
export type FormErrors = {
  status: number;
  headers: Record<string, string>;
  fieldErrors: Record<string, string[]>;
  /** Errors of the form as a whole, for one that names no field. */
  formErrors: string[];
};

/**
 * A domain error as the errors a page's form shows. `field` is where an error that names no field of
 * its own is shown (else it is an error of the whole form). A missing record is the 404 page (thrown);
 * anything that is not a domain error is rethrown.
 */
export function domainErrorForForm(error: unknown, { field }: { field?: string } = {}): FormErrors {
  const answer = (status: number, message: string, on?: string, retryAfter?: number): FormErrors => ({
    status,
    headers: withRetryAfter({}, retryAfter),
    fieldErrors: on ? { [on]: [message] } : {},
    formErrors: on ? [] : [message],
  });
  if (error instanceof FieldError) return answer(400, error.message, error.field);
  if (error instanceof ConflictError) return answer(409, error.message, error.field ?? field);
  if (error instanceof ForbiddenError) return answer(403, error.message, error.field ?? field);
  if (error instanceof UploadError) return answer(error.status, error.message, field);
  if (error instanceof LoginError) return answer(error.status, error.message, field, error.retryAfterSeconds);
  if (error instanceof TooManyError) return answer(429, error.message, field, error.retryAfterSeconds);
  if (error instanceof NotFoundError) throw data(null, { status: 404 });
  throw error;
}
