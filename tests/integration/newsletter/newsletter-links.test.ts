// The newsletter's links over HTTP against the built server, with a real SMTP server: what a link that
// is not ours answers, and that leaving can only be undone by the normal double opt-in.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { resetEnvCache } from "~/platform/env.server";
import { sealToken } from "~/platform/sealed-token.server";

import { type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";
import type { RunningServer } from "../../../scripts/lib/start-server";
import { withDb } from "../../e2e/support/db";
import { signedInServer } from "../../setup/signed-in-server";

const SESSION_SECRET = "newsletter-links-test-secret-long-enough-to-pass";
const READER = "aoife.reader@example.ie";

let smtp: SmtpCatcher;
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ server, cookie } = await signedInServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>", SESSION_SECRET },
  }));
  // Tokens made here are the server's own (same secret): expired ones cannot be had any other way.
  process.env.SESSION_SECRET = SESSION_SECRET;
  resetEnvCache();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const get = (path: string) => fetch(`${server.baseURL}${path}`, { headers: { Accept: "text/html" } });
const post = (path: string, form: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
    body: new URLSearchParams(form).toString(),
  });
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'");
const row = (email: string) =>
  withDb(
    (db) => db.prepare("select status from newsletter_subscribers where email = ?").get(email),
    server.databasePath,
  ) as { status: string } | undefined;
const suppressions = () =>
  withDb(
    (db) => (db.prepare("select count(*) as n from newsletter_suppressions").get() as { n: number }).n,
    server.databasePath,
  );

/** The `count`-th e-mail to `address` once it has arrived. */
async function mailTo(address: string, count: number): Promise<ParsedMail> {
  await vi.waitFor(() => expect(smtp.mails.filter((m) => m.to.includes(address)).length).toBe(count), {
    timeout: 15_000,
  });
  return (await smtp.to(address))[count - 1]!;
}
const linkIn = (mail: ParsedMail, path: string) =>
  new RegExp(`${path}\\?token=[\\w%-]+`).exec(String(mail.html))![0].replaceAll("&amp;", "&");

async function signUp(email: string) {
  const response = await fetch(`${server.baseURL}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(202);
}

describe("a newsletter link that is not ours", () => {
  it("answers a page with a 4xx status, not 200, and changes nothing", async () => {
    const confirm = sealToken("newsletter-confirm", READER, 60_000);
    const unsubscribe = sealToken("newsletter-unsubscribe", READER);
    for (const [path, status] of [
      ["/newsletter/confirm", 400],
      ["/newsletter/confirm?token=", 400],
      ["/newsletter/confirm?token=not-a-token", 400],
      [`/newsletter/confirm?token=${confirm.slice(0, -6)}`, 400], // cut short
      [`/newsletter/confirm?token=${unsubscribe}`, 400], // another purpose
      [`/newsletter/confirm?token=${sealToken("newsletter-confirm", READER, -1000)}`, 410],
      [`/newsletter/confirm?token=${confirm}`, 410], // no such sign-up (any more)
      ["/newsletter/unsubscribe", 400],
      [`/newsletter/unsubscribe?token=${unsubscribe.slice(0, -6)}`, 400],
      [`/newsletter/unsubscribe?token=${confirm}`, 400],
    ] as const) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, status]);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(heading(await response.text())).toMatch(/doesn't work|expired|no longer waiting/);
    }
    expect((await post(`/newsletter/unsubscribe?token=${unsubscribe.slice(0, -6)}`)).status).toBe(400);
    expect(row(READER)).toBeUndefined();
    expect(suppressions()).toBe(0);
  });
});

describe("leaving, and coming back", () => {
  it("subscribes again only through a confirmation e-mail, and an old link brings nothing back after an erasure", async () => {
    await signUp(READER);
    expect((await get(linkIn(await mailTo(READER, 1), "/newsletter/confirm"))).status).toBe(200);
    expect(row(READER)).toEqual({ status: "confirmed" });
    // Signing up again while subscribed: an e-mail with the way out.
    await signUp(READER);
    const oldLink = linkIn(await mailTo(READER, 2), "/newsletter/unsubscribe");

    expect(heading(await (await get(oldLink)).text())).toBe("Unsubscribe from our e-mails?");
    const left = await post(oldLink);
    expect(left.status).toBe(200);
    const leftPage = await left.text();
    expect(heading(leftPage)).toBe("You're unsubscribed");
    expect(row(READER)).toBeUndefined();

    // "Subscribe again": a confirmation e-mail, and nothing confirmed until its link is opened.
    const again = /name="again" value="([^"]+)"/.exec(leftPage)![1]!;
    const asked = await post(oldLink, { intent: "subscribe-again", again });
    expect(asked.status).toBe(200);
    const askedPage = await asked.text();
    expect(heading(askedPage)).toBe("Check your inbox");
    expect(askedPage).toContain(READER);
    expect(row(READER)).toEqual({ status: "pending" });
    expect(suppressions()).toBe(1);
    const confirmation = await mailTo(READER, 3);
    expect(confirmation.subject).toBe("Confirm your subscription to Northwall Digital");
    expect((await get(linkIn(confirmation, "/newsletter/confirm"))).status).toBe(200);
    expect(row(READER)).toEqual({ status: "confirmed" });
    expect(suppressions()).toBe(0);

    // The owner erases the address at the person's request.
    const erased = await fetch(`${server.baseURL}/api/privacy/erase`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseURL, Cookie: cookie },
      body: JSON.stringify({ email: READER }),
    });
    expect(erased.status).toBe(200);
    expect(row(READER)).toBeUndefined();

    // The old link: not the address back on the page, no way back on the list, in any spelling of the form.
    const opened = await (await get(oldLink)).text();
    expect(heading(opened)).toBe("You're not on our list");
    expect(opened).not.toContain(READER);
    const forms: Record<string, string>[] = [
      { intent: "resubscribe" },
      { intent: "subscribe-again" },
      { intent: "subscribe-again", again },
    ];
    for (const form of forms) {
      const response = await post(oldLink, form);
      expect(response.status).not.toBe(500);
      expect(await response.text()).not.toContain("Subscribe again");
      expect(row(READER)).toBeUndefined();
    }
    expect(smtp.mails.filter((m) => m.to.includes(READER))).toHaveLength(3);
  });
});
