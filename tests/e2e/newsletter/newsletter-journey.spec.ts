import { expect, test } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { headerOf, type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";
import { type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { signedInPage } from "../support/auth";
import { expectNoAxeViolations } from "../support/axe";
import { withDb } from "../support/db";

// The newsletter, end to end on a server of its own with a real SMTP server and the limits at their real
// size: sign up without JavaScript, confirm from the e-mail, receive a post the admin sends, leave
// from the e-mail's header in one click, and receive nothing after.

const READER = "siobhan.reader@example.ie";
const CHECK_INBOX =
  "Nearly there: check your inbox and open the link we've sent to confirm your subscription.";

let smtp: SmtpCatcher;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({
    SMTP_URL: smtp.url,
    ENQUIRY_NOTIFY_TO: "team@northwalldigital.ie",
    MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>",
    NEWSLETTER_RATE_PER_MINUTE: "600",
    RATE_LIMIT_FACTOR: "1",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const db = <T>(query: string, ...params: unknown[]) =>
  withDb((d) => d.prepare(query).all(...params) as T[], server.databasePath);

/** The messages to `address` once there are `count` of them. */
async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(address)).length, { timeout: 15_000 })
    .toBe(count);
  return smtp.to(address);
}

const linkIn = (mail: ParsedMail, path: string) =>
  new RegExp(`https?://[^\\s"<>]+${path.replace("?", "\\?")}\\?token=[\\w%-]+`).exec(String(mail.html))?.[0];

test("sign up without JavaScript, confirm, receive a post, leave in one click, receive nothing after", async ({
  browser,
}) => {
  const reader = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const page = await reader.newPage();

  // Sign up twice: the same answer both times, a confirmation e-mail each time.
  for (const attempt of [1, 2]) {
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Get Growth Tips in Your Inbox" });
    await expect(box).toContainText("By subscribing you agree to receive our monthly e-mail");
    await box
      .getByRole("textbox", { name: "Email address" })
      .fill(attempt === 1 ? READER : READER.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();
  }
  const confirmations = await mailsTo(READER, 2);
  expect(confirmations.map((m) => m.subject)).toEqual([
    "Confirm your subscription to Northwall Digital",
    "Confirm your subscription to Northwall Digital",
  ]);
  expect(db("select status, consent_source from newsletter_subscribers where email = ?", READER)).toEqual([
    { status: "pending", consent_source: "blog" },
  ]);

  // Confirm from the e-mail.
  const confirmPath = linkIn(confirmations[1]!, "/newsletter/confirm")!.replace(/^https?:\/\/[^/]+/, "");
  await page.goto(confirmPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  // axe needs JavaScript: the same link again, in a browser with it (confirming twice is harmless).
  const withScripts = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await withScripts.goto(confirmPath);
  await expect(withScripts.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await expectNoAxeViolations(withScripts);
  expect(db("select status from newsletter_subscribers where email = ?", READER)).toEqual([
    { status: "confirmed" },
  ]);

  // The admin tests and sends a post; the reader gets it with a one-click unsubscribe.
  const [first, second] = db<{ id: string; title: string }>(
    "select id, title from posts where status = 'published' order by published_at desc limit 2",
  );
  const admin = await signedInPage(browser, server.baseURL);
  await admin.goto(`/admin/posts?edit=${first!.id}`);
  await admin.getByRole("link", { name: "Send as newsletter" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Send as newsletter" })).toBeVisible();
  await admin.getByRole("button", { name: "Send test" }).click();
  await expect(admin.getByText("Test sent to team@northwalldigital.ie.")).toBeVisible();
  const [test] = await mailsTo("team@northwalldigital.ie", 1);
  expect(test!.subject).toBe(`[Test] ${first!.title}`);
  await admin.getByRole("checkbox", { name: /I've checked the test/ }).check();
  await admin.getByRole("button", { name: "Send to 1 subscriber" }).click();
  await expect(admin.getByRole("heading", { name: /^Sen(t|ding)$/ })).toBeVisible();
  const [, , post] = await mailsTo(READER, 3);
  expect(post!.subject).toBe(first!.title);
  await expect(admin.getByRole("heading", { name: "Sent" })).toBeVisible();
  await expect(admin.getByText("Sent1")).toBeVisible();
  await expectNoAxeViolations(admin);

  // The footer's link opens a page that asks, then offers to subscribe again (by e-mail).
  const unsubscribePath = linkIn(post!, "/newsletter/unsubscribe")!.replace(/^https?:\/\/[^/]+/, "");
  await withScripts.goto(unsubscribePath);
  await expect(withScripts.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our e-mails?");
  await expectNoAxeViolations(withScripts);
  await page.goto(unsubscribePath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our e-mails?");
  expect(db("select count(*) as n from newsletter_subscribers where email = ?", READER)).toEqual([{ n: 1 }]);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  // Subscribing again is the normal double opt-in: a confirmation e-mail, nothing confirmed before it.
  await page.getByRole("button", { name: "Subscribe again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  expect(db("select status from newsletter_subscribers where email = ?", READER)).toEqual([
    { status: "pending" },
  ]);
  const [, , , again] = await mailsTo(READER, 4);
  expect(again!.subject).toBe("Confirm your subscription to Northwall Digital");

  // The mail provider's one-click button: a POST to the header's link, no session, no page.
  const header = headerOf(post!, "List-Unsubscribe")!;
  expect(headerOf(post!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const oneClick = /<(https?:[^>]+)>/.exec(header)![1]!;
  const left = await fetch(oneClick, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(left.status).toBe(200);
  expect(db("select count(*) as n from newsletter_subscribers where email = ?", READER)).toEqual([{ n: 0 }]);
  expect(db<{ n: number }>("select count(*) as n from newsletter_suppressions")[0]!.n).toBe(1);

  // The next post goes to nobody: nothing more arrives for the reader.
  await admin.goto(`/admin/posts/${second!.id}/newsletter`);
  await expect(admin.getByText("Nobody has confirmed a subscription yet.")).toBeVisible();
  await admin.waitForTimeout(1500); // a second of the sender's ticks
  expect(smtp.mails.filter((m) => m.to.includes(READER))).toHaveLength(4);
});

test("a flood of sign-ups from one client is limited, on the page and in the API", async ({ browser }) => {
  const answers: number[] = [];
  for (let i = 0; i < 8 && !answers.includes(429); i++) {
    const response = await fetch(`${server.baseURL}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `flood-${i}@example.ie` }),
    });
    answers.push(response.status);
    if (response.status === 429) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await response.json()).error).toMatch(/^Too many sign-ups in a short time/);
    } else expect(await response.json()).toEqual({ status: "pending", message: CHECK_INBOX });
  }
  expect(answers.at(-1)).toBe(429);
  expect(answers.filter((s) => s === 202).length).toBeGreaterThan(0);
  const bad = await fetch(`${server.baseURL}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "nope" }),
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).issues[0].path).toBe("email");

  const page = await (
    await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false })
  ).newPage();
  await page.goto("/blog");
  const box = page.getByRole("region", { name: "Get Growth Tips in Your Inbox" });
  await box.getByRole("textbox", { name: "Email address" }).fill("one-more@example.ie");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByText(/Too many sign-ups in a short time/)).toBeVisible();
  expect(db("select count(*) as n from newsletter_subscribers where email = 'one-more@example.ie'")).toEqual([
    { n: 0 },
  ]);
});
