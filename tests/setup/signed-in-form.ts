// A member of staff signed in to the built server on the test file's own database, sending what a
// browser on the site sends: their session cookie and the site's Origin. For the HTTP tests that make
// an account, sign in and post the admin's forms (or the editor's JSON).
import { createUser } from "~/features/staff/index.server";

import { adminSessionCookie, type RunningServer } from "../../scripts/lib/start-server";
import { serveTestDatabase } from "./serve-test-database";

const PASSWORD = "a-long-enough-password";

type Account = { username: string; password: string };
type Role = NonNullable<Parameters<typeof createUser>[2]>["role"];

/** An account made on the test file's database (before it is served): its user, and how it signs in. */
export async function staffAccount(username: string, role?: Role) {
  const user = await createUser(username, PASSWORD, role ? { role } : {});
  return { user, account: { username, password: PASSWORD } satisfies Account };
}

/** What one signed-in member of staff sends. */
export function signedInForm(server: RunningServer, cookie: string) {
  const url = (path: string) => `${server.baseURL}${path}`;
  const sent = { Cookie: cookie, Origin: server.baseURL };
  return {
    cookie,
    /** A page or file, asked for with the session. */
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(url(path), { headers: { Cookie: cookie, ...headers }, redirect: "manual" }),
    /** A form sent as a browser without JavaScript does: url-encoded fields, or a FormData (files). */
    postForm: (path: string, fields: Record<string, string> | [string, string][] | FormData) =>
      fetch(url(path), {
        method: "POST",
        redirect: "manual",
        ...(fields instanceof FormData
          ? { headers: sent, body: fields }
          : {
              headers: { ...sent, "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(fields).toString(),
            }),
      }),
    /** JSON to the API, as the editor sends it. */
    sendJson: (method: "POST" | "PUT", path: string, body: unknown) =>
      fetch(url(path), {
        method,
        headers: { ...sent, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
  };
}

export type SignedInForm = ReturnType<typeof signedInForm>;

/** The test file's database served by the built server, each account signed in. Stop it in afterAll. */
export async function signedInStaff<Name extends string>(
  accounts: Record<Name, Account>,
): Promise<{ server: RunningServer; as: Record<Name, SignedInForm> }> {
  const server = await serveTestDatabase();
  try {
    const as = {} as Record<Name, SignedInForm>;
    for (const name of Object.keys(accounts) as Name[])
      as[name] = signedInForm(server, await adminSessionCookie(server.baseURL, accounts[name]));
    return { server, as };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
