import { expect, type Page, test } from "@playwright/test";

/** Opens a path and, when JavaScript is on, waits until React has hydrated the page. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  return response;
}
