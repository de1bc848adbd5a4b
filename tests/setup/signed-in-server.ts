import { adminSessionCookie, type RunningServer, startServer } from "../../scripts/lib/start-server";
import { serveTestDatabase } from "./serve-test-database";

type Account = { username: string; password: string };

/**
 * The built server with a member of staff signed in: `cookie` is their session ("name=value").
 * With `account` (made by the test beforehand), the server runs on the test file's own database
 * (serveTestDatabase), so it finds that account and whatever else the test wrote; without, it starts
 * from the template data folder and its admin (E2E_ADMIN) signs in. `env` is added to the server's
 * environment; `start` goes to startServer (e.g. `fresh`, `startSeconds`).
 */
export async function signedInServer({
  account,
  env = {},
  start,
}: {
  account?: Account;
  env?: Record<string, string>;
  start?: Parameters<typeof startServer>[1];
} = {}): Promise<{ server: RunningServer; cookie: string }> {
  const server = account ? await serveTestDatabase(env) : await startServer(env, start);
  try {
    return { server, cookie: await adminSessionCookie(server.baseURL, account) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * A request to `server` as the member of staff whose session `cookie` is (none: a visitor), from the
 * site's own origin and without following redirects, so a test reads each answer as it was given.
 */
export const sendAs = (
  server: RunningServer,
  path: string,
  cookie: string | null,
  init: RequestInit = {},
): Promise<Response> =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: { ...(cookie && { Cookie: cookie }), Origin: server.baseURL, ...init.headers },
  });
