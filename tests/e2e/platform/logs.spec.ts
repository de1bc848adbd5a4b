import { expect, test } from "@playwright/test";

import {
  adminSessionCookie,
  E2E_ADMIN,
  type RunningServer,
  startServer,
} from "../../../scripts/lib/start-server";

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test("one JSON line per request with method, path, status and duration, and no secrets or form bodies", async () => {
  const headers = { "Content-Type": "application/json", Origin: server.baseURL };
  const cookie = await adminSessionCookie(server.baseURL);
  const sessionId = cookie.split("=")[1]!;
  await fetch(`${server.baseURL}/api/contacts`, { headers: { Cookie: cookie } });
  const goals = "Private plans for a product launch in the spring.";
  await fetch(`${server.baseURL}/api/contact`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Log Test", email: "log-test@example.ie", goals }),
  });
  await fetch(`${server.baseURL}/blog?q=secret-search-term`);
  await fetch(`${server.baseURL}/no-such-page`);

  // The line is written when the response has finished, a moment after the client has it.
  await expect.poll(() => server.output()).toContain('"/no-such-page"');
  const lines = server.output().trim().split("\n");
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = entries.filter((entry) => entry.req);
  expect(
    requests.map((entry) => [
      (entry.req as { method: string }).method,
      (entry.req as { path: string }).path,
      (entry.res as { status: number }).status,
    ]),
  ).toEqual(
    expect.arrayContaining([
      ["POST", "/api/auth/login", 200],
      ["GET", "/api/contacts", 200],
      ["POST", "/api/contact", 201],
      ["GET", "/blog", 200],
      ["GET", "/no-such-page", 404],
    ]),
  );
  for (const entry of requests) expect(typeof entry.responseTime).toBe("number");

  const everything = server.output();
  for (const secret of [
    E2E_ADMIN.password,
    sessionId,
    decodeURIComponent(sessionId),
    goals,
    "secret-search-term",
    "log-test@example.ie",
  ]) {
    expect(everything).not.toContain(secret);
  }
});
