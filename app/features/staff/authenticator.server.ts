import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { FieldError } from "~/platform/http/errors.server";
import { requestScope } from "~/platform/http/request-scope.server";

import { verifyCredentials } from "./auth.server";
import { LoginSchema } from "./schemas";
import type { StaffUser } from "./users.server";

/**
 * The password step of signing in, as a remix-auth strategy: the one place a username and a password
 * become a member of staff. The form strategy reads the form itself, so the fields are checked here,
 * in its verify callback; the attempt is counted against the address the request scope holds, or
 * the browser's own count when it has signed in to the account before (throttled before the hash),
 * and a failure is audited (verifyCredentials). What follows a right
 * password, a session or the second step, is afterPassword's.
 */
const authenticator = new Authenticator<StaffUser>().use(
  new FormStrategy(async ({ form, request }) => {
    const fields = LoginSchema.safeParse({ username: form.get("username"), password: form.get("password") });
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      throw new FieldError(String(issue.path[0] ?? "username"), issue.message);
    }
    const { username, password } = fields.data;
    const ip = requestScope()?.ip ?? "unknown";
    return verifyCredentials(username, password, ip, request.headers.get("Cookie"));
  }),
  "password",
);

/**
 * Signs in with a username and password, from the sign-in page's form or the API's JSON alike: given
 * as an already read (size-limited) body, passed to the strategy as the form it reads, with the
 * request's cookies (the note of a browser the account has signed in on).
 */
export function signInWithPassword(request: Request, credentials: { username: string; password: string }) {
  const form = new Request(request.url, {
    method: "POST",
    body: new URLSearchParams(credentials),
    headers: { Cookie: request.headers.get("Cookie") ?? "" },
  });
  return authenticator.authenticate("password", form);
}
