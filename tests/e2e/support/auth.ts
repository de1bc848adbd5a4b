import { type Browser, expect, type Page } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { open } from "./page";

type Account = { username: string; password: string };

/** Signs in through the real form, as the admin (or another member of staff) would. */
export async function signIn(page: Page, { username, password }: Account = E2E_ADMIN) {
  await open(page, "/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/admin/blog");
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
