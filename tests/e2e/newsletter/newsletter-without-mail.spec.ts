import { expect, test } from "@playwright/test";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { signedInPage } from "../support/auth";
import { expectNoAxeViolations } from "../support/axe";
import { withDb } from "../support/db";

// The newsletter on a site whose e-mail is not set up (no SMTP_URL), on a server of its own: a reader's
// confirmation waits in the Outbox and is followed from there, and the owner tests and sends a post,
// whose e-mails wait in the Outbox too, each subscriber's readable there.

const READER = "nuala.reader@example.ie";
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ SMTP_URL: "", ENQUIRY_NOTIFY_TO: "" });
});
test.afterAll(async () => {
  await server?.stop();
});

const db = <T>(query: string, ...params: unknown[]) =>
  withDb((d) => d.prepare(query).all(...params) as T[], server.databasePath);

test("without e-mail, a sign-up is confirmed from the Outbox and a post is tested and sent into it", async ({
  browser,
}) => {
  const reader = await (
    await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false })
  ).newPage();
  await reader.goto("/blog");
  const box = reader.getByRole("region", { name: "Get Growth Tips in Your Inbox" });
  await box.getByRole("textbox", { name: "Email address" }).fill(READER);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(reader.getByText(/Nearly there: check your inbox/)).toBeVisible();

  // The owner reads the confirmation in the Outbox and follows its link.
  const admin = await signedInPage(browser, server.baseURL);
  await admin.goto("/admin/outbox");
  await expect(admin.getByText("E-mail is not set up yet: e-mails wait here until it is.")).toBeVisible();
  const confirmation = admin.getByRole("listitem").filter({ hasText: `To ${READER}` });
  await expect(confirmation).toContainText("Waiting until e-mail is set up");
  const read = admin.waitForEvent("popup");
  await confirmation.getByRole("link", { name: /Read the e-mail/ }).click();
  const mail = await read;
  await expect(mail.getByText("Subject", { exact: true })).toBeVisible();
  await expect(mail.locator("dd").filter({ hasText: READER })).toBeVisible();
  // The e-mail's button opens a tab, as in a mail program: the page's sandbox lets it.
  const opened = mail.waitForEvent("popup");
  await mail.getByRole("link", { name: "Yes, subscribe me" }).click();
  const confirmed = await opened;
  await expect(confirmed.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  expect(db("select status from newsletter_subscribers where email = ?", READER)).toEqual([
    { status: "confirmed" },
  ]);

  // The post: the page says e-mail is off, and the test and the send still work.
  const [post] = db<{ id: string; title: string }>(
    "select id, title from posts where status = 'published' order by published_at desc limit 1",
  );
  await admin.goto(`/admin/posts?edit=${post!.id}`);
  await admin.getByRole("link", { name: "Send as newsletter" }).click();
  await expect(
    admin.getByText("E-mail is not set up yet: the test and the newsletter wait in the Outbox until it is."),
  ).toBeVisible();
  await admin.getByRole("textbox", { name: "Send a test to" }).fill("owner@example.ie");
  await admin.getByRole("button", { name: "Send test" }).click();
  await expect(
    admin.getByText("Test for owner@example.ie queued in the Outbox: read it there to check how it looks."),
  ).toBeVisible();
  await admin.getByRole("checkbox", { name: /I've checked the test/ }).check();
  // Scanned once the box is ticked: until then the send button is faded on purpose.
  await expectNoAxeViolations(admin);
  await admin.getByRole("button", { name: "Send to 1 subscriber" }).click();
  await expect(admin.getByRole("heading", { name: "Waiting in the Outbox" })).toBeVisible();
  await expect(admin.getByText("Queued for 1 subscriber in the Outbox")).toBeVisible();
  await expectNoAxeViolations(admin);

  // The Outbox: the test, and the newsletter as one row leading to each subscriber's e-mail.
  await admin.getByRole("link", { name: "Read each subscriber's e-mail" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Newsletter: ${post!.title}`);
  const copy = admin.getByRole("listitem").filter({ hasText: `To ${READER}` });
  await expect(copy).toContainText("Waiting until e-mail is set up");
  await expectNoAxeViolations(admin);
  await admin.getByRole("link", { name: "← Outbox" }).click();
  await expect(admin.getByRole("listitem").filter({ hasText: `[Test] ${post!.title}` })).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: `Newsletter: ${post!.title}` })).toContainText(
    "0 sent, 1 waiting, 0 failed",
  );
  await expectNoAxeViolations(admin);
  expect(
    db("select target, attempts, done_at from jobs where kind = 'newsletter'").map((row) => row),
  ).toEqual([{ target: READER, attempts: 0, done_at: null }]);
});
