import { type BrowserContext, expect, type Page, test } from "@playwright/test";

import { E2E_ADMIN, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { PASSWORD_CHECK_TIMEOUT, signIn } from "../support/auth";
import { withDb } from "../support/db";

// Passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
// domain, a platform authenticator that keeps discoverable credentials and verifies the user). The
// server answers as http://localhost: a passkey belongs to a domain, never to an IP address.

let server: RunningServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startServer({}, { localhost: true });
});
test.afterAll(async () => {
  await server?.stop();
});

const db = <T>(query: string, ...params: unknown[]) =>
  withDb((d) => d.prepare(query).all(...params) as T[], server.databasePath);

/** A device with a fingerprint reader, as far as the page can tell. */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const logout = (page: Page) => page.getByRole("button", { name: "Logout" }).click();

test("add a passkey, sign in with it alone, then require it: the password alone is refused", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(context, page);
  await signIn(page, undefined, { at: "/admin/account" });
  await page.getByLabel("Name it").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByText("Work laptop")).toBeVisible();
  await expect(page.getByText("not used yet")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(db("select name from passkeys")).toEqual([{ name: "Work laptop" }]);

  // Adding the same device twice is refused by the browser, and said plainly.
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("This device already holds a passkey for your account.")).toBeVisible();

  // No username, no password: the passkey alone.
  await logout(page);
  await expect(page).toHaveURL("/admin/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/admin");
  await page.goto("/admin/account");
  await expect(page.getByText(/last used/)).toBeVisible();

  // Require a second step: with only a passkey, a right password is not enough.
  await page.getByRole("button", { name: "Require it" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await logout(page);
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText(/This account signs in with a passkey/)).toBeVisible({
    timeout: PASSWORD_CHECK_TIMEOUT,
  });
  await expect(page).toHaveURL("/admin/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/admin");

  // The last passkey of an account that requires one can go: the requirement goes with it.
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
  await expect(page.getByText("Passkey removed.")).toBeVisible();
  expect(db("select require_second_factor as required from users")).toEqual([{ required: 0 }]);

  const actions = db<{ action: string; subject: string }>(
    "select action, subject from audit_log order by id",
  );
  expect(actions).toEqual(
    expect.arrayContaining([
      { action: "account.passkey-added", subject: "Work laptop" },
      { action: "sign-in", subject: "With a passkey" },
      { action: "sign-in.failed", subject: "Password alone (a passkey is required)" },
      { action: "account.passkey-removed", subject: "Work laptop" },
    ]),
  );
  await context.close();
});

test("a passkey this site does not know is refused with a clear message", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(context, page);
  // A credential for this site the server never registered (e.g. from a database since restored).
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: Buffer.from("unknown-credential-id").toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: await testPrivateKey(),
      userHandle: Buffer.from("someone").toString("base64"),
      signCount: 0,
    },
  });
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("That passkey could not be used to sign in here.")).toBeVisible();
  await expect(page).toHaveURL("/admin/login");
  await context.close();
});

/** A P-256 private key in PKCS#8, base64, as the WebAuthn domain takes it. */
async function testPrivateKey(): Promise<string> {
  const { generateKeyPairSync } = await import("node:crypto");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
}
