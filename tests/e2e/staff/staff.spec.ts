import { createHmac } from "node:crypto";

import { generateTOTP } from "@epic-web/totp";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

import { type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";
import { E2E_ADMIN, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { expectSignInRefused, PASSWORD_CHECK_TIMEOUT, signedInPage, signIn } from "../support/auth";
import { expectNoAxeViolations } from "../support/axe";
import { withDb } from "../support/db";
import { open } from "../support/page";

// Staff accounts, end to end on a server of its own with a real SMTP server: the owner invites an editor by
// e-mail, the editor joins without JavaScript, writes a post that shows them as its author, and is
// refused the owner's screens in the page and the API; the owner turns on an authenticator app with
// recovery codes and requires it; the audit log has it all.

const EDITOR = {
  name: "Aoife Byrne",
  email: "aoife@northwalldigital.ie",
  username: "aoife",
  password: "editor-password-2026",
};

let smtp: SmtpCatcher;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const db = <T>(query: string, ...params: unknown[]) =>
  withDb((d) => d.prepare(query).all(...params) as T[], server.databasePath);

/** The link in the `nth` invitation e-mailed to `address` (1: the first). */
async function inviteLink(address: string, nth = 1): Promise<string> {
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(address)).length, { timeout: 15_000 })
    .toBe(nth);
  const mail = (await smtp.to(address))[nth - 1];
  expect(mail!.subject).toBe("You're invited to Northwall Digital's website");
  const link = /https?:\/\/[^\s"<>]+\/admin\/join\?token=[\w%-]+/.exec(String(mail!.html))?.[0];
  expect(link).toBeTruthy();
  return link!.replace(/&amp;/g, "&");
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" }).getByRole("link");

test("the owner invites an editor, who joins without JavaScript and is refused the owner's screens", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, server.baseURL, { javaScriptEnabled: false });
  await owner.goto("/admin/staff");
  // A bad address is said beside its field, and what was typed stays.
  await owner.getByLabel("Name").fill(EDITOR.name);
  await owner.getByLabel("E-mail").fill("aoife@northwall");
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText("Enter an e-mail address like name@example.com")).toBeVisible();
  await expect(owner.getByLabel("Name")).toHaveValue(EDITOR.name);
  await owner.getByLabel("E-mail").fill(EDITOR.email);
  await expect(owner.getByRole("radio", { name: /Editor/ })).toBeChecked();
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation e-mailed to ${EDITOR.email}.`)).toBeVisible();
  await expect(owner.getByRole("list", { name: "Invitations" })).toContainText(EDITOR.email);

  const link = await inviteLink(EDITOR.email);
  // Invited twice by mistake: the second link must not make a second account with the address.
  await owner.getByLabel("Name").fill(EDITOR.name);
  await owner.getByLabel("E-mail").fill(EDITOR.email);
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation e-mailed to ${EDITOR.email}.`)).toBeVisible();
  const secondLink = await inviteLink(EDITOR.email, 2);
  const editorContext = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const editor = await editorContext.newPage();
  await editor.goto(link);
  await expect(editor.getByRole("heading", { name: `Welcome, ${EDITOR.name}` })).toBeVisible();
  await expect(editor.getByLabel("Username")).toHaveValue(EDITOR.username);
  await editor.getByLabel("Password").fill("short");
  await editor.getByRole("button", { name: "Join with this password" }).click();
  await expect(editor.getByText("At least 12 characters").first()).toBeVisible();
  await editor.getByLabel("Password").fill(EDITOR.password);
  await editor.getByRole("button", { name: "Join with this password" }).click();
  await expect(editor).toHaveURL("/admin");

  const [row] = db<{ role: string; email: string; name: string }>(
    "select role, email, name from users where username = ?",
    EDITOR.username,
  );
  expect(row).toEqual({ role: "editor", email: EDITOR.email, name: EDITOR.name });
  expect(
    db("select 1 from staff_invites where email = ? and accepted_at is not null", EDITOR.email),
  ).toHaveLength(1);

  // The link works once.
  const again = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const reused = await again.newPage();
  await reused.goto(link);
  await expect(reused.getByText("This invitation has been used. Sign in instead.")).toBeVisible();
  await reused.goto(secondLink);
  await reused.getByLabel("Username").fill("aoife2");
  await reused.getByLabel("Password").fill(EDITOR.password);
  await reused.getByRole("button", { name: "Join with this password" }).click();
  await expect(reused.getByText("Someone on the staff already has that e-mail address")).toBeVisible();
  expect(db("select 1 from users where email = ?", EDITOR.email)).toHaveLength(1);
  await again.close();

  // The editor's admin: posts, case studies, the pages' words, media, experiments on those words and their
  // own account; nothing else.
  await expect(sidebar(editor)).toHaveText([
    "Home",
    "Posts",
    "Case studies",
    "Pages",
    "Media",
    "Experiments",
    "Your account",
    "Devices",
  ]);
  for (const path of [
    "/admin/settings",
    "/admin/enquiries",
    "/admin/staff",
    "/admin/audit",
    "/admin/subscribers",
  ]) {
    const answer = await editor.goto(path);
    expect(answer!.status(), path).toBe(403);
    await expect(editor.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
  }
  expect((await editor.goto("/admin/enquiries.csv"))!.status()).toBe(403);
  for (const path of ["/admin/case-studies", "/admin/media", "/admin/account"]) {
    expect((await editor.goto(path))!.status(), path).toBe(200);
  }
  const api: APIRequestContext = editorContext.request;
  const origin = { Origin: server.baseURL };
  expect((await (await api.get("/api/auth/user")).json()).role).toBe("editor");
  for (const [method, path] of [
    ["GET", "/api/redirects"],
    ["GET", "/api/not-found"],
    ["GET", "/api/contacts"],
    ["PUT", "/api/settings"],
    ["POST", "/api/privacy/export"],
    ["POST", "/api/privacy/erase"],
  ] as const) {
    const answer = await api.fetch(path, { method, headers: origin, data: {} });
    expect(answer.status(), `${method} ${path}`).toBe(403);
    expect((await answer.json()).error).toMatch(/owner/);
  }

  // What the editor writes carries their name (and, linked to the team, their photo and role).
  const created = await api.post("/api/blog", {
    headers: origin,
    data: {
      title: "Local SEO for Dublin cafés",
      excerpt: "How three cafés doubled their walk-ins from Maps.",
      content: "<p>Start with the Google Business Profile.</p>",
      status: "published",
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const reader = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const article = await reader.newPage();
  await article.goto(`/blog/${slug}`);
  await expect(article.getByRole("article").first()).toContainText(EDITOR.name);
  await article.goto("/blog");
  await expect(article.getByRole("article").filter({ hasText: "Local SEO for Dublin cafés" })).toContainText(
    EDITOR.name,
  );

  // The owner sees who did what.
  await owner.goto("/admin/audit");
  const log = owner.getByRole("table");
  await expect(log).toContainText(`Invited staff${EDITOR.name} <${EDITOR.email}> as editor`);
  await expect(log).toContainText(`${EDITOR.username}Joined the staff`);
  await expect(log).toContainText(`${EDITOR.username}Published a post“Local SEO for Dublin cafés”`);
  await owner.getByLabel("What").selectOption("staff");
  await owner.getByRole("button", { name: "Show" }).click();
  await expect(log).not.toContainText("Published a post");
  await expect(log).toContainText("Joined the staff");

  // Removing the editor signs them out; their post stays, under the agency's name.
  await owner.goto("/admin/staff");
  await owner.getByRole("button", { name: `Remove ${EDITOR.name}` }).click();
  await expect(owner.getByText("Saved.")).toBeVisible();
  await editor.goto("/admin/posts");
  await expect(editor).toHaveURL("/admin/login");
  expect(db("select author_id from posts where slug = ?", slug)).toEqual([{ author_id: null }]);
  await reader.close();
  await editorContext.close();
});

test("a wrong password is logged with the name typed; the owner cannot remove or demote themselves", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await open(page, "/admin/login");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectSignInRefused(page);
  await signIn(page, undefined, { at: "/admin/audit?group=sign-ins" });
  await expect(page.getByRole("row").filter({ hasText: "Sign-in failed" }).first()).toContainText(
    "Wrong password",
  );
  await page.goto("/admin/staff");
  await expect(page.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto("/admin/audit");
  await expectNoAxeViolations(page);
  await context.close();
});

const totp = async (secret: string) =>
  (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;

/**
 * The code the app will show in the next 30-second step (RFC 6238: SHA-1, six digits). The server
 * takes a code a step either side of its clock, so the test need not wait for the app to move on.
 */
function nextTotp(secret: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/=+$/, "")].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0"));
  const key = Buffer.from(
    bits
      .join("")
      .match(/.{8}/g)!
      .map((byte) => parseInt(byte, 2)),
  );
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + 1));
  const hash = createHmac("sha1", key).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0xf;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("an authenticator app with recovery codes, required at sign-in, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, undefined, { at: "/admin/account" });
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("2. Enter the code the app shows").fill("123456");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  const confirmingCode = await totp(secret);
  await page.getByLabel("2. Enter the code the app shows").fill(confirmingCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) =>
    c.trim(),
  );
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  // Turning the app on requires it.
  await expect(page.getByRole("button", { name: "Make it optional" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();

  // The password alone now leads to the second step.
  const signInWith = async (code: string) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/admin/login/verify", { timeout: PASSWORD_CHECK_TIMEOUT });
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
  };
  await page.goto("/admin/posts");
  await expect(page).toHaveURL("/admin/login");
  await signInWith("000000");
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  // The code that turned the app on was used: it cannot sign in. The app's next one can.
  await page.getByLabel("Code").fill(confirmingCode);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel("Code").fill(nextTotp(secret));
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL("/admin");
  await page.getByRole("button", { name: "Logout" }).click();

  // A recovery code works once.
  await signInWith(codes[0]!.toUpperCase());
  await expect(page).toHaveURL("/admin");
  await page.goto("/admin/account");
  await expect(page.getByText("9 of 10 recovery codes unused")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await signInWith(codes[0]!);
  await expect(page.getByText(/That code is not right/)).toBeVisible();

  // The API asks for the code too.
  const api = context.request;
  const withoutCode = await api.post("/api/auth/login", { data: E2E_ADMIN });
  expect(withoutCode.status()).toBe(401);
  expect((await withoutCode.json()).error).toMatch(/authenticator app/);
  const withCode = await api.post("/api/auth/login", { data: { ...E2E_ADMIN, code: codes[1] } });
  expect(withCode.status()).toBe(200);

  const actions = db<{ action: string }>(
    "select action from audit_log where actor = 'admin' order by id",
  ).map((r) => r.action);
  expect(actions).toEqual(
    expect.arrayContaining([
      "account.totp-setup-begun",
      "account.totp-on",
      "sign-in.failed",
      "account.recovery-code-used",
    ]),
  );
  await context.close();
});
