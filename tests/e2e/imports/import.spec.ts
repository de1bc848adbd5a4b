import { expect, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { startOldSite, wordpressExport } from "../../integration/imports/old-site";

// The owner moves a WordPress site in from the admin, without JavaScript: upload, see what will come
// across, import, and watch it finish. On a server of its own, with a stand-in for the old site.
let server: RunningServer;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;

test.beforeAll(async () => {
  oldSite = await startOldSite();
  server = await startServer({ IMPORT_ALLOWED_ORIGINS: oldSite.url });
});
test.afterAll(async () => {
  await server?.stop();
  await oldSite?.close();
});

test.use({ javaScriptEnabled: false });

test("a WordPress export is previewed, imported and reported from the admin", async ({ page, context }) => {
  const [name, value] = (await adminSessionCookie(server.baseURL)).split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.baseURL }]);
  await page.goto(`${server.baseURL}/admin/import`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import and export");

  await page.getByLabel(/^Export file/).setInputFiles(wordpressExport(oldSite.url));
  await page.getByRole("button", { name: "Read the export" }).click();
  const preview = page.getByRole("region", { name: "What will come across" });
  await expect(preview).toContainText("6 posts: 2 published, 3 drafts, 1 scheduled");
  await expect(preview).toContainText("3 images to fetch from the old site");
  await expect(preview).toContainText("“Staff Notes” was private: imported as a draft");

  await expect(page.getByLabel(/Keep a post as a draft when its images cannot be fetched/)).toBeChecked();
  await page.getByRole("button", { name: "Import now" }).click();
  // Without JavaScript the page looks again by itself while the import runs; a reload does the same.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("status")).toContainText("6 posts added", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  // The one file the old site has not got, with its reason (what any other failure would say, too).
  await expect(page.locator("details li").filter({ hasText: "could not be fetched (" })).toHaveText([
    /^image .*\/missing\.jpg could not be fetched \(/,
  ]);
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(
    "Done: 6 posts added — 1 image could not be fetched",
  );
  await expect(page.getByRole("status")).toContainText(
    "2 images fetched · 1 could not be fetched · 1 post kept as a draft",
  );
  await expect(page.getByRole("button", { name: "Fetch the missing images again" })).toBeVisible();
  await page.getByRole("link", { name: "See the posts" }).click();
  // The scheduled one heads the list; the others keep their old dates, further down.
  await expect(page.getByRole("heading", { name: "Coming Soon: The 2099 Guide" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why Local Search Decides Who Gets the Call" })).toHaveCount(
    1,
  );
});
