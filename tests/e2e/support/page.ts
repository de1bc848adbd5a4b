import { expect, type Page, test } from "@playwright/test";

/**
 * Opens a path and, when JavaScript is on, waits until React has hydrated the page. (Off: in the
 * no-js project, or a test's `test.use({ javaScriptEnabled: false })`, which the project does not see.)
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.use.javaScriptEnabled !== false && (await scriptsRun(page))) {
    // Generous: a run's first pages come while every worker starts its browser and the servers draw
    // their cards, and a first admin page once took over 7 s to hydrate there.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  }
  return response;
}

/** Whether the page runs scripts: the page script in <head> takes the "no-js" class off when it does. */
async function scriptsRun(page: Page): Promise<boolean> {
  return !((await page.locator("html").getAttribute("class")) ?? "").split(" ").includes("no-js");
}
