import { expect, test } from "@playwright/test";

import { E2E_ADMIN, type RunningServer, startServer } from "../../../scripts/lib/start-server";

// The limits themselves are tested on a server of their own with RATE_LIMIT_FACTOR=1.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("five failed sign-ins for a username lock it for 15 minutes; the page says when to try again", async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  for (let i = 0; i < 5; i++) {
    const response = await api.post("/api/auth/login", {
      data: { username: "admin", password: `wrong-${i}` },
    });
    expect(response.status()).toBe(401);
  }
  const locked = await api.post("/api/auth/login", { data: E2E_ADMIN });
  expect(locked.status()).toBe(429);
  expect(await locked.json()).toEqual({
    error: "Too many sign-in attempts. Please try again in 15 minutes.",
  });
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(800);

  await page.goto(`${server.baseURL}/admin/login`);
  // Typed before React takes over the form, the fields would be emptied by it.
  await page.locator("html[data-hydrated=true]").waitFor();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many sign-in attempts. Please try again in 15 minutes.",
  );
  await expect(page).toHaveURL(`${server.baseURL}/admin/login`);
  await api.dispose();

  // No password or hash ever reaches the log.
  const log = server.output();
  expect(log).not.toContain(E2E_ADMIN.password);
  expect(log).not.toContain("wrong-0");
  expect(log).not.toContain("scrypt$");
});
