import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { signedInPage } from "../support/auth";
import { expectNoAxeViolations } from "../support/axe";
import { withDb } from "../support/db";

// A lead from first visit to the agency's CRM, on a server of its own with a real SMTP server and a
// real webhook receiver: campaign visit → two pages → enquiry → inbox, alert, auto-reply,
// webhook, dashboard; then the receiver down, the delivery log, and "Retry now" without JavaScript.

const SECRET = "e2e-webhook-secret-0123456789";
// Headless Chromium says so in its User-Agent, and bots are not counted: this is a person's browser.
const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

type Hook = { headers: IncomingHttpHeaders; body: string };
const hooks: Hook[] = [];
const mails: string[] = [];

let receiver: Server | undefined;
let hookPort = 0;
let smtp: SMTPServer;
let server: RunningServer;

function receiverUp() {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      hooks.push({ headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  return new Promise<void>((resolve) =>
    receiver!.listen(hookPort, "127.0.0.1", () => {
      hookPort = (receiver!.address() as AddressInfo).port;
      resolve();
    }),
  );
}
const receiverDown = () => new Promise<void>((resolve) => receiver!.close(() => resolve()));

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await receiverUp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ENQUIRY_NOTIFY_TO: "leads@northwalldigital.ie",
    ENQUIRY_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/crm/leads`,
    ENQUIRY_WEBHOOK_SECRET: SECRET,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (receiver?.listening) await receiverDown();
});

/**
 * Opens a page as a click from the page before would (its address as the referrer; the first, from
 * nowhere), and waits for its view to reach the server (the beacon goes after the page has painted).
 * An address typed mid-visit is an arrival of its own (decision 044): the journey is clicked through.
 */
async function visitCounted(page: Page, path: string) {
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/event") && r.method() === "POST");
  const before = page.url();
  await page.goto(path, before.startsWith("http") ? { referer: before } : {});
  await (await beacon).response().catch(() => undefined);
  await expect
    .poll(() =>
      withDb(
        (db) =>
          (
            db.prepare("select count(*) as n from page_views where path = ?").get(path.split("?")[0]) as {
              n: number;
            }
          ).n,
        server.databasePath,
      ),
    )
    .toBeGreaterThan(0);
}

test("a campaign visit becomes an attributed enquiry: inbox, alert, auto-reply, CRM and dashboard", async ({
  browser,
}) => {
  const visitor = await browser.newContext({ baseURL: server.baseURL, userAgent: PERSON });
  const page = await visitor.newPage();
  await visitCounted(page, "/services/seo?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-offer");
  await visitCounted(page, "/about");
  await visitCounted(page, "/contact");
  await page.getByLabel("Name").fill("Siobhán Walsh");
  await page.getByLabel("Email").fill("siobhan@example.ie");
  await page.getByLabel(/project goals/i).fill("We need more bookings for our two Dublin clinics.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!")).toBeVisible();

  // Nothing was stored on the visitor's device.
  expect(await visitor.cookies()).toEqual([]);
  expect(
    await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    })),
  ).toEqual({ local: 0, session: 0, databases: 0, caches: 0 });
  await visitor.close();

  const attribution = {
    source: "newsletter",
    medium: "email",
    campaign: "autumn-offer",
    referrer: null,
    landingPage: "/services/seo",
  };
  // The CRM: a signed delivery with the attribution.
  await expect.poll(() => hooks.length).toBe(1);
  const hook = hooks[0]!;
  const timestamp = hook.headers["x-webhook-timestamp"] as string;
  expect(hook.headers["x-webhook-signature"]).toBe(
    `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${hook.body}`).digest("hex")}`,
  );
  expect(JSON.parse(hook.body)).toMatchObject({
    event: "enquiry.created",
    email: "siobhan@example.ie",
    attribution,
  });

  // The alert e-mail names the source and landing page; the enquirer has the auto-reply.
  await expect.poll(() => mails.length).toBe(2);
  const parsed = await Promise.all(mails.map((raw) => simpleParser(raw)));
  const alert = parsed.find((m) => m.subject === "New enquiry from Siobhán Walsh")!;
  expect(alert.text).toContain("newsletter / email");
  expect(alert.text).toContain("autumn-offer");
  expect(alert.text).toContain("/services/seo");
  expect(parsed.find((m) => (m.to as { text: string }).text === "siobhan@example.ie")).toBeTruthy();

  // The inbox and the API.
  const admin = await signedInPage(browser, server.baseURL);
  await admin.goto("/admin/enquiries");
  const card = admin.getByRole("article", { name: "Siobhán Walsh" });
  await expect(card).toContainText("Came fromnewsletter / email");
  await expect(card).toContainText("Campaignautumn-offer");
  await expect(card).toContainText("Landing page/services/seo");
  const api = await admin.request.get("/api/contacts");
  expect(((await api.json()) as { attribution: unknown }[])[0]!.attribution).toEqual(attribution);

  // The dashboard counts the visit and the conversion.
  await admin.goto("/admin/analytics");
  await expect(admin.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const tiles = admin.locator("dl").first();
  await expect(tiles).toContainText("Visitors1");
  await expect(tiles).toContainText("Page views3");
  await expect(tiles).toContainText("Enquiries1");
  await expect(tiles).toContainText("Conversion rate100%");
  const sources = admin.getByRole("region", { name: "Sources" });
  await expect(sources.getByRole("row", { name: /newsletter/ })).toContainText("11100%");
  await expect(admin.getByRole("region", { name: "Landing pages" })).toContainText("/services/seo");
  await expect(admin.getByRole("img", { name: /Visitors per day/ })).toBeVisible();
  await expectNoAxeViolations(admin);
  const report = await admin.request.get("/api/analytics?period=7d");
  expect(await report.json()).toMatchObject({
    summary: { visitors: 1, views: 3, enquiries: 1, conversionRate: 1 },
  });
  expect((await admin.request.get("/api/analytics?from=nope")).status()).toBe(400);
  expect(
    (
      await admin.context().request.fetch(`${server.baseURL}/api/analytics`, { headers: { cookie: "" } })
    ).status(),
  ).toBe(401);
  await admin.context().close();
});

test("a CRM that is down: the delivery log shows the failure, and Retry now delivers it, without JavaScript", async ({
  browser,
}) => {
  await receiverDown();
  const sent = await fetch(`${server.baseURL}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL },
    body: JSON.stringify({ name: "Down Time", email: "down@example.ie", goals: "Is anyone there?" }),
  });
  expect(sent.status).toBe(201);
  const admin = await signedInPage(browser, server.baseURL, { javaScriptEnabled: false });
  await admin.goto("/admin/outbox");
  const delivery = admin
    .getByRole("listitem")
    .filter({ hasText: "New enquiry from Down Time" })
    .filter({ hasText: "CRM webhook" });
  await expect
    .poll(async () => {
      await admin.reload();
      return delivery.textContent();
    })
    .toContain("Retrying");
  await expect(delivery).toContainText("Tried 1 of 10 times");
  await expect(delivery).toContainText("ECONNREFUSED");

  await receiverUp();
  await delivery.getByRole("button", { name: /Retry now/ }).click();
  await expect(delivery).toContainText("Delivered");
  await expect(delivery.getByRole("button", { name: /Retry now/ })).toHaveCount(0);
  expect(JSON.parse(hooks.at(-1)!.body)).toMatchObject({ name: "Down Time", attribution: null });
  expect(
    withDb(
      (db) =>
        db
          .prepare(
            "select done_at is not null as done, attempts from jobs where kind = 'webhook' and title = ?",
          )
          .get("New enquiry from Down Time"),
      server.databasePath,
    ),
  ).toEqual({ done: 1, attempts: 2 });
  await admin.context().close();
});

test("POST /api/event answers a beacon and refuses what is not one, counting no bot", async () => {
  const count = () =>
    withDb(
      (db) => (db.prepare("select count(*) as n from page_views").get() as { n: number }).n,
      server.databasePath,
    );
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseURL}/api/event`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": PERSON, ...headers },
      body,
    });
  const before = count();
  expect((await post(JSON.stringify({ p: "/work", r: "https://www.google.com/" }))).status).toBe(204);
  await expect.poll(count).toBe(before + 1);
  // A crawler is answered alike and not counted; nor is an admin page.
  expect((await post(JSON.stringify({ p: "/work" }), { "User-Agent": "Googlebot/2.1" })).status).toBe(204);
  expect((await post(JSON.stringify({ p: "/admin/posts" }))).status).toBe(204);

  const bad = await post("not json");
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({
    error:
      'Send a page view {"p": "<path>", "r": "<referrer>"} or its vitals {"p": "<path>", "m": [["LCP", 1830, "img “Team at work”"], …]} as JSON',
  });
  const unknown = await post(JSON.stringify({ p: "/work", m: [["FID", 12]] }));
  expect(unknown.status).toBe(400);
  expect((await unknown.json()).error).toMatch(/^m\.0\.0: a vital is one of LCP, INP, CLS, FCP, TTFB/);
  expect((await post(JSON.stringify({ r: "" }))).status).toBe(400);
  const big = await post(JSON.stringify({ p: `/${"x".repeat(2000)}` }));
  expect(big.status).toBe(413);
  const get = await fetch(`${server.baseURL}/api/event`);
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  // Another site's page cannot send one.
  expect((await post(JSON.stringify({ p: "/" }), { Origin: "https://evil.example" })).status).toBe(403);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(count()).toBe(before + 1);
});

test("without JavaScript the contact page's own campaign address is the attribution, after a refused try too", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    javaScriptEnabled: false,
    userAgent: PERSON.replace("Chrome/142", "Chrome/141"),
  });
  // Another browser than the tests above used from this address: another visitor, with no visit today.
  const page = await context.newPage();
  await page.goto("/contact?utm_source=linkedin&utm_medium=social&utm_campaign=launch");
  // A name the browser lets through and the server refuses (one letter once trimmed).
  await page.getByLabel("Name").fill("  N  ");
  await page.getByLabel("Email").fill("nojs-lead@example.ie");
  await page.getByLabel(/project goals/i).fill("A launch campaign for our app.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("Name").fill("Niamh Doyle");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!")).toBeVisible();
  const row = withDb(
    (db) =>
      db.prepare("select attribution from enquiries where email = ?").get("nojs-lead@example.ie") as {
        attribution: string;
      },
    server.databasePath,
  );
  expect(JSON.parse(row.attribution)).toEqual({
    source: "linkedin",
    medium: "social",
    campaign: "launch",
    referrer: null,
    landingPage: "/contact",
  });
  await context.close();
});
