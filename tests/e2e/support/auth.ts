import { expect, type Page } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { open } from "./page";

/** Signs in through the real form, as the admin would. */
export async function signIn(page: Page) {
  await open(page, "/admin/login");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin/blog");
}
