import { expect, type Page, test } from "@playwright/test";
import { XMLValidator } from "fast-xml-parser";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { PASSWORD_CHECK_TIMEOUT } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { XSS_PAYLOADS } from "../support/xss-payloads";

// Every payload goes through every input a person can fill; then every page that shows it is opened
// in Chromium while listening for dialogs, "XSS-FIRED" in the console and CSP refusals (which would
// mean markup got through and only the policy stopped it). Zero of each is the pass mark.
// One worker runs them in order on one server: beforeAll's server and payloads are written once.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let cookie = "";
const posts: { id: string; slug: string; title: string; payload: string }[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  // Alert e-mails stay in the outbox (nothing listens on port 9), so the test can open each one.
  server = await startServer({ SMTP_URL: "smtp://127.0.0.1:9", ENQUIRY_NOTIFY_TO: "owner@example.ie" });
  cookie = await adminSessionCookie(server.baseURL);
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const noSpaces = encodeURI(payload.replace(/\s/g, ""));
    const title = `XSS ${i} ${payload}`.slice(0, 200);
    const response = await api("POST", "/api/blog", {
      title,
      excerpt: payload,
      content: `<p>Harmless text ${i}</p>${payload}`,
      tags: [`xss-${i}`, payload.slice(0, 60)],
      coverImage: `/uploads/images/x${noSpaces}`.slice(0, 2000),
      videoUrl: `/uploads/videos/x${noSpaces}.mp4`.slice(0, 2000),
      status: "published",
    });
    expect(response.status, `${i}: ${await response.clone().text()}`).toBe(201);
    // A title is text: the markup in it is taken out when it is saved, so the page shows what was saved.
    const post = (await response.json()) as { id: string; slug: string; title: string };
    expect(post.title, `${i}`).not.toMatch(/<[a-z/!?]/i);
    posts.push({ id: post.id, slug: post.slug, title: post.title, payload });

    const enquiry = await api("POST", "/api/contact", {
      name: payload.slice(0, 100),
      email: `xss-${i}@example.ie`,
      goals: `Goals with a payload: ${payload}`,
    });
    expect(enquiry.status, `${i}: ${await enquiry.clone().text()}`).toBe(201);
  }
});
test.afterAll(async () => {
  await server?.stop();
});

function api(method: string, path: string, body: unknown) {
  return fetch(server.baseURL + path, {
    method,
    headers: { "Content-Type": "application/json", Origin: server.baseURL, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

/** Records anything that means a payload ran or reached the page as markup. */
function watch(page: Page) {
  const incidents: string[] = [];
  page.on("dialog", (dialog) => {
    incidents.push(`dialog ${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    const text = message.text();
    if (text.includes("XSS-FIRED") || /Content Security Policy|Refused to (execute|load|run)/i.test(text)) {
      incidents.push(`console: ${text.slice(0, 200)} on ${page.url()}`);
    }
  });
  return incidents;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(server.baseURL + path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.mouse.move(200, 300);
  await settled(page);
}

/**
 * Two frames drawn and the tasks queued before them run: what runs on load, autofocus, a hover or an
 * animation's start (the payloads' triggers) has run by then.
 */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
  );
}

test("post titles, excerpts, content, tags, cover and video URLs: no script runs on any page that shows them", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const incidents = watch(page);
  const pages = Math.ceil((posts.length + 7) / 12);
  for (let p = 1; p <= pages; p++) await visit(page, `/blog?page=${p}`);
  for (const post of posts) {
    await visit(page, `/blog/${post.slug}`);
    // The title is shown as the text it is, and the harmless part of the content survives.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title.trim().replace(/\s+/g, " "));
    await expect(page.getByText(`Harmless text ${posts.indexOf(post)}`, { exact: true })).toBeVisible();
  }
  for (const post of posts.slice(0, 10))
    await visit(page, `/blog?tag=${encodeURIComponent(post.payload.slice(0, 60).trim())}`);
  expect(incidents).toEqual([]);

  // The feeds carry the same text and stay well-formed XML.
  for (const feed of ["/rss.xml", "/sitemap.xml"]) {
    expect(XMLValidator.validate(await (await fetch(server.baseURL + feed)).text()), feed).toBe(true);
  }
});

test("the admin's list, editor and preview show the payloads as text", async ({ page, context }) => {
  test.setTimeout(180_000);
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.baseURL }]);
  const incidents = watch(page);
  await visit(page, "/admin/posts");
  for (const post of posts) await visit(page, `/admin/posts?edit=${post.id}`);
  // Preview renders the sanitized body on the server.
  await visit(page, `/admin/posts?edit=${posts[0]!.id}`);
  await page
    .getByRole("button", { name: /preview/i })
    .first()
    .click();
  await expect(page.getByRole("region", { name: /^Preview/ })).toBeVisible();
  await settled(page);
  expect(incidents).toEqual([]);
});

test("enquiry names and goals: the admin inbox and the alert e-mail show them as text", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.baseURL }]);
  const incidents = watch(page);
  await visit(page, "/admin/enquiries");
  await expect(
    page.getByText("Goals with a payload: <script>alert(1)</script>", { exact: true }),
  ).toBeVisible();

  // The alert e-mails waiting in the outbox (their HTML is exactly what is sent), opened in the browser.
  const mails = withDb(
    (db) =>
      db.prepare("select payload ->> 'html' as html from jobs where kind = 'mail'").all() as {
        html: string;
      }[],
    server.databasePath,
  );
  expect(mails.length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length);
  for (const mail of mails) {
    await page.setContent(mail.html);
    await settled(page);
  }
  expect(incidents).toEqual([]);

  // The listeners do catch a script that runs (a control, so a silent listener cannot pass the tests above).
  await page.setContent(`<img src=x onerror="console.log('XSS-FIRED')"><script>alert(1)</script>`);
  await expect.poll(() => incidents.length).toBe(2);
});

test("login username, blog search and tag query strings: reflected as text only", async ({ page }) => {
  test.setTimeout(180_000);
  const incidents = watch(page);
  // Both at once: the page reflects each where it does alone, and a few places more (the "clear the
  // search" link shown only for the two together).
  for (const payload of XSS_PAYLOADS) {
    const value = encodeURIComponent(payload);
    await visit(page, `/blog?q=${value}&tag=${value}`);
  }
  // The username comes back in the field's value and nowhere else: the payloads that break out of an
  // attribute, and one that would run as markup (each attempt is a password check, so not all 72).
  await open(page, `${server.baseURL}/admin/login`);
  const breakouts = XSS_PAYLOADS.slice(XSS_PAYLOADS.indexOf('" onmouseover="alert(50)'));
  expect(breakouts).toHaveLength(8);
  for (const payload of [XSS_PAYLOADS[0]!, ...breakouts]) {
    await page.getByLabel("Username").fill(payload);
    await page.getByLabel("Password").fill("not-the-password");
    // Each attempt's own answer, not the alert the one before left on the page.
    const answered = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/login"),
      { timeout: PASSWORD_CHECK_TIMEOUT },
    );
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await answered;
    await expect(page.getByRole("alert")).toBeVisible();
  }
  expect(incidents).toEqual([]);
});
