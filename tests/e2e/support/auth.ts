import { randomUUID } from "node:crypto";

import { type Browser, type Cookie, expect, type Page } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { withDb } from "./db";
import { open } from "./page";
import { unique } from "./unique";

type Account = { username: string; password: string };

/**
 * The session cookies this worker has made, by username: a password check costs the server ~0.5 s.
 * (A spec with a server of its own gets a cookie that server refuses, and signs in with the form.)
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in as the admin (or another member of staff) and opens `at` (the posts unless told). The first
 * time on a server it goes through the real form, as a person would; later tests in the same worker
 * reuse that session's cookie, and fall back to the form when a test has signed it out. A test about
 * the form itself uses `signInWithForm`.
 */
export async function signIn(page: Page, account: Account = E2E_ADMIN, { at = "/admin/posts" } = {}) {
  const key = account.username;
  const cookies = sessions.get(key);
  const arrived = () => new URL(page.url()).pathname === new URL(at, page.url()).pathname;
  if (cookies) {
    await page.context().addCookies(cookies);
    // Opening the page itself shows whether the session still holds: a signed-out one lands on the form.
    await open(page, at);
    if (arrived()) return;
    sessions.delete(key);
  }
  await signInWithForm(page, account);
  // Where a reused session lands too.
  await open(page, at);
  sessions.set(
    key,
    (await page.context().cookies()).filter((c) => c.httpOnly),
  );
}

/** Signs in through the real form, every time. */
export async function signInWithForm(page: Page, { username, password }: Account = E2E_ADMIN) {
  await open(page, "/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectSignedIn(page);
}

/**
 * How long a password check may take to answer. The server checks one password at a time at full
 * scrypt cost (~0.5 s alone): on a busy machine, behind other tests' sign-ins, it takes seconds.
 */
export const PASSWORD_CHECK_TIMEOUT = 30_000;

/** Waits for the admin's first page after the Sign In button. */
export async function expectSignedIn(page: Page) {
  await expect(page, "signed in and taken to the admin home").toHaveURL("/admin", {
    timeout: PASSWORD_CHECK_TIMEOUT,
  });
}

/** Waits for the form's answer to a wrong username or password. */
export async function expectSignInRefused(page: Page) {
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password", {
    timeout: PASSWORD_CHECK_TIMEOUT,
  });
}

/** A browser of its own, signed in on a server a spec started itself. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  { javaScriptEnabled = true, account = E2E_ADMIN }: { javaScriptEnabled?: boolean; account?: Account } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/**
 * A member of staff of the test's own on its project's server, with the admin's password (its hash
 * copied, so no password is hashed for it): what they keep per person (an unsaved new post, their
 * name in the frame) is nobody else's.
 */
export function staffOfMyOwn({ role, name }: { role: "owner" | "editor"; name: string }): Account {
  const username = `staff-${unique()}`;
  withDb((db) =>
    db
      .prepare(
        `insert into users (id, username, password, role, name, created_at)
         select ?, ?, password, ?, ?, ? from users where username = ?`,
      )
      .run(randomUUID(), username, role, name, Date.now(), E2E_ADMIN.username),
  );
  return { username, password: E2E_ADMIN.password };
}
