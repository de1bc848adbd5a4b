import { expect, test } from "@playwright/test";

import { E2E_ADMIN, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { PASSWORD_CHECK_TIMEOUT } from "../support/auth";
import { countRows, withDb } from "../support/db";

// The spam limits are tested on a server of their own, with the real rate limit (factor 1) and a fill
// time long enough (8 s) that a busy machine never takes it to fill the form "fast".
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_FACTOR: "1",
    ENQUIRY_MIN_FILL_SECONDS: "8",
    ENQUIRY_RATE_LIMIT: "5",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const count = () => countRows(server.databasePath, ["enquiries"]).enquiries;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // A fast typist, autofill or a pasted message was once thanked and silently thrown away.
  test("a form sent back faster than a person could type is thanked, kept in Spam and rescued with one click", async ({
    page,
  }) => {
    await page.goto(`${server.baseURL}/contact`);
    await page.getByRole("textbox", { name: "Name" }).fill("Fast Typist");
    await page.getByRole("textbox", { name: "Email" }).fill("fast@example.ie");
    await page.getByRole("textbox", { name: "Project Goals" }).fill("Pasted my whole brief in one go.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    const row = () =>
      withDb(
        (db) =>
          db.prepare("select status, spam_reasons from enquiries where email = ?").get("fast@example.ie"),
        server.databasePath,
      );
    expect(row()).toEqual({
      status: "spam",
      spam_reasons: expect.stringMatching(
        /^\["Sent \d seconds? after the form was opened \(people take at least 8 seconds\)"\]$/,
      ),
    });

    await page.goto(`${server.baseURL}/admin/login`);
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${server.baseURL}/admin`, { timeout: PASSWORD_CHECK_TIMEOUT });
    await page.goto(`${server.baseURL}/admin/enquiries`);
    const enquiry = page.getByRole("article").filter({ hasText: "Fast Typist" });
    await expect(enquiry).toHaveCount(0);
    const folders = page.getByRole("navigation", { name: "Folders" });
    await expect(folders.getByRole("link", { name: "Spam 1" })).toBeVisible();
    await folders.getByRole("link", { name: /^Spam/ }).click();
    await expect(enquiry.getByText("Why this is in Spam")).toBeVisible();
    await expect(enquiry.getByRole("listitem")).toHaveText(/Sent \d seconds? after the form was opened/);

    await enquiry.getByRole("button", { name: "Not spam: move Fast Typist's enquiry to New" }).click();
    await expect(page.getByText("Nothing in Spam.")).toBeVisible();
    expect(row()).toMatchObject({ status: "new" });
    await folders.getByRole("link", { name: /^New/ }).click();
    await expect(enquiry).toBeVisible();
    await expect(enquiry.getByText("Why this is in Spam")).toHaveCount(0);
  });
});

test("a patient person's enquiry is stored as new", async ({ page }) => {
  await page.goto(`${server.baseURL}/contact`);
  await page.getByRole("textbox", { name: "Name" }).fill("Patient Person");
  await page.getByRole("textbox", { name: "Email" }).fill("patient@example.ie");
  await page.getByRole("textbox", { name: "Project Goals" }).fill("I took my time writing this.");
  await page.waitForTimeout(8100);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  expect(
    withDb(
      (db) => db.prepare("select status from enquiries where email = ?").get("patient@example.ie"),
      server.databasePath,
    ),
  ).toEqual({ status: "new" });
});

test("after five enquiries in ten minutes the sixth gets 429 with a clear message, on the page and in the API", async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const data = { name: "Busy Lead", email: "busy@example.ie", goals: "Sending a few messages." };
  let status = 201;
  for (let i = 0; i < 10 && status === 201; i++) status = (await api.post("/api/contact", { data })).status();
  expect(status).toBe(429);
  const limited = await api.post("/api/contact", { data });
  expect(limited.status()).toBe(429);
  expect((await limited.json()).error).toMatch(
    /^You've sent several messages in a short time\. Please try again in \d+ minutes?/,
  );
  await api.dispose();
  const before = count();

  await page.goto(`${server.baseURL}/contact`);
  await page.getByRole("textbox", { name: "Name" }).fill("Busy Lead");
  await page.getByRole("textbox", { name: "Email" }).fill("busy@example.ie");
  await page.getByRole("textbox", { name: "Project Goals" }).fill("One more message please.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("p[role=alert]")).toContainText("You've sent several messages in a short time.");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send message" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Project Goals" })).toHaveValue("One more message please.");
  expect(count()).toBe(before);
});
